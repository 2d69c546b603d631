import { useEffect, useId, useState } from 'react';
import { CloseIcon, Icon } from '../../components/ui/icons';

/** Typing pauses this long before the list is searched: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

const SearchIcon = () => (
  <Icon className="h-4 w-4">
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

/**
 * A search field whose text reaches `onSearch` once typing pauses. `value` is the search in
 * force (from the address): when it changes from outside (Clear, Back), the field follows.
 */
export function SearchBox({ value, onSearch, label, hint }: { value: string; onSearch: (search: string) => void; label: string; hint: string }) {
  const id = useId();
  const [draft, setDraft] = useState({ text: value, base: value });
  if (draft.base !== value) setDraft({ text: value, base: value });

  useEffect(() => {
    const next = draft.text.trim();
    if (next === draft.base) return;
    const timer = setTimeout(() => {
      setDraft((current) => ({ ...current, base: next }));
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onSearch]);

  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">
          <SearchIcon />
        </span>
        <input
          id={id}
          type="search"
          value={draft.text}
          onChange={(event) => setDraft((current) => ({ ...current, text: event.target.value }))}
          placeholder={hint}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 [&::-webkit-search-cancel-button]:hidden"
        />
        {draft.text !== '' && (
          <button
            type="button"
            onClick={() => setDraft((current) => ({ ...current, text: '' }))}
            className="absolute inset-y-0 right-1.5 my-auto flex h-7 w-7 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon className="h-4 w-4" />
            <span className="sr-only">Clear the search</span>
          </button>
        )}
      </div>
    </div>
  );
}
