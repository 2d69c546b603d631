import type { DuplicateGroupView } from '../../../shared/contracts/results';

const STYLES: Readonly<Record<DuplicateGroupView['status'], { label: string; className: string }>> = {
  pending: { label: 'To review', className: 'bg-sky-50 text-sky-800 ring-sky-200' },
  dismissed: { label: 'Not duplicates', className: 'bg-slate-100 text-slate-700 ring-slate-200' },
  merged: { label: 'Merged', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Merge failed', className: 'bg-rose-50 text-rose-800 ring-rose-200' },
};

export function GroupStatusBadge({ status }: { status: DuplicateGroupView['status'] }) {
  const style = STYLES[status];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.className}`}>{style.label}</span>;
}
