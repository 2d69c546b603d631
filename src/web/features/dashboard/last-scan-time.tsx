import { Tooltip } from '../../components/ui/tooltip';
import { formatExactTime, formatTimeAgo } from './time-ago';
import { useNow } from './use-now';

/** "Last scan: 3 hours ago", the exact time in a tooltip (on hover or keyboard focus) and in the markup. */
export function LastScanTime({ timestamp, label = 'Last scan', className = '' }: { timestamp: string; label?: string; className?: string }) {
  const now = useNow();
  const date = new Date(timestamp);
  const exactTime = formatExactTime(date);
  return (
    <p className={`text-sm text-slate-500 ${className}`}>
      {label}:{' '}
      <Tooltip content={exactTime} side="top">
        <time dateTime={timestamp} tabIndex={0} className="cursor-help rounded font-medium text-slate-700 underline decoration-slate-300 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600">
          {formatTimeAgo(date, now)}
        </time>
      </Tooltip>
    </p>
  );
}
