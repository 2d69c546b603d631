import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ASSISTANT_QUESTION_MAX } from '../../../shared/contracts/assistant';
import { Button } from '../../components/ui/button';
import { formatNumber } from './format-cell';

/**
 * The free-text question: Enter sends, Shift+Enter starts a new line. Without a model it stays
 * disabled and says why; Stop is here whatever answers, a starter's too.
 */
export function QuestionBox({ disabledReason, busy, onAsk, onStop }: { disabledReason: string | null; busy: boolean; onAsk: (question: string) => void; onStop: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const disabled = disabledReason !== null;
  const question = draft.trim();

  const send = () => {
    if (disabled || busy || !question) return;
    onAsk(question);
    setDraft('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing a word uses Enter to pick it, not to send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Ask your own question
      </label>
      <textarea
        id={id}
        rows={3}
        value={draft}
        maxLength={ASSISTANT_QUESTION_MAX}
        disabled={disabled}
        aria-describedby={`${id}-hint ${id}-count`}
        placeholder={disabled ? undefined : 'For example: which deals have not been updated for a year?'}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className="mt-1.5 block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100"
      />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="text-xs text-slate-500">
          <p id={`${id}-hint`}>{disabledReason ?? 'Enter sends, Shift+Enter starts a new line.'}</p>
          <p id={`${id}-count`} className="tabular-nums">
            {formatNumber(draft.length)} / {formatNumber(ASSISTANT_QUESTION_MAX)} characters
          </p>
        </div>
        {busy ? (
          <Button variant="secondary" onClick={onStop} className="shrink-0">
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={disabled || !question} className="shrink-0">
            Ask
          </Button>
        )}
      </div>
    </form>
  );
}
