import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { SectionError } from '../dashboard/dashboard-panel';
import { AnswerText } from './answer-text';
import { DataBlockView } from './data-block-view';
import { formatNumber } from './format-cell';
import type { AnswerTurn } from './use-assistant-chat';

const CITATION_KINDS = { group: 'Duplicate group', record: 'Record', screen: 'Screen' } as const;

export function tokensText(tokens: number): string {
  return `${formatNumber(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
}

function ellipsis(label: string): string {
  return /[.…]$/.test(label) ? label : `${label}...`;
}

/** What the answer cost: the model's tokens, or none when our tools answered alone. */
function AnswerCost({ turn }: { turn: AnswerTurn }) {
  if (!turn.byModel) return <p className="text-xs text-slate-500">Answered directly from your data: no model, no tokens used.</p>;
  const total = turn.promptTokens + turn.completionTokens;
  return (
    <p className="text-xs text-slate-500">
      {tokensText(total)} used ({formatNumber(turn.promptTokens)} sent, {formatNumber(turn.completionTokens)} written)
    </p>
  );
}

/** One answer: its words as they stream in, the tool at work, the tables, the sources, and what it cost. */
export function AnswerView({ turn, onRetry }: { turn: AnswerTurn; onRetry: () => void }) {
  const streaming = turn.status === 'streaming';
  return (
    <article aria-label="Answer" className="min-w-0 space-y-4">
      {/* Busy while streaming, so a screen reader reads the finished words once rather than every fragment. */}
      <div aria-live="polite" aria-busy={streaming}>
        {turn.text && <AnswerText text={turn.text} />}
      </div>
      {streaming && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="h-4 w-4 text-brand-600" />
          {turn.tool ? ellipsis(turn.tool) : turn.text ? 'Writing...' : 'Thinking...'}
        </p>
      )}
      {turn.blocks.map((block, i) => (
        <DataBlockView key={i} block={block} />
      ))}
      {turn.citations.length > 0 && (
        <nav aria-label="Sources of this answer">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Sources</h3>
          <ul className="mt-1.5 flex flex-wrap gap-2">
            {turn.citations.map((citation) => (
              <li key={`${citation.kind}:${citation.href}`}>
                <Link
                  to={citation.href}
                  className="inline-block rounded-2xl border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-brand-700 hover:border-brand-600 hover:text-brand-900"
                >
                  <span className="text-slate-500">{CITATION_KINDS[citation.kind]}:</span> {citation.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {turn.status === 'done' && <AnswerCost turn={turn} />}
      {turn.status === 'stopped' && <p className="text-sm text-slate-500">Stopped before the answer was finished.</p>}
      {turn.status === 'error' && <SectionError message={turn.error ?? 'The assistant could not answer.'} onRetry={onRetry} />}
      {turn.status === 'stopped' && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Ask again
        </Button>
      )}
    </article>
  );
}
