import type { StarterQuestion } from '../../../shared/contracts/assistant';
import { toolName } from './data-block-view';

/** The suggested questions; each is answered by one of our tools, with or without a model. */
export function StarterQuestions({ starters, busy, onAsk }: { starters: readonly StarterQuestion[]; busy: boolean; onAsk: (starter: StarterQuestion) => void }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {starters.map((starter) => (
        <li key={starter.id}>
          <button
            type="button"
            disabled={busy}
            onClick={() => onAsk(starter)}
            className="flex h-full w-full flex-col items-start gap-1 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <span className="text-sm font-medium text-slate-900">{starter.question}</span>
            <span className="text-xs text-slate-500">Answered from {toolName(starter.tool)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
