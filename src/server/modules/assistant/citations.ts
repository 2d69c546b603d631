import type { Citation } from '../../../shared/contracts/assistant';

/** A name short enough to turn up by chance ("Al", "IT") is not taken as a mention. */
const MIN_NAME_LENGTH = 3;
/** Groups and records cited at most when the answer names none of them. */
const FALLBACK_LIMIT = 10;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (answer: string, needle: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(needle)}($|[^\\p{L}\\p{N}])`, 'iu').test(answer);

/** The id and name a group or record citation can be named by in an answer. */
function handles(citation: Citation): string[] {
  if (citation.kind === 'group') {
    const id = /[?&]group=(\d+)/.exec(citation.href)?.[1];
    // Group labels read "Acme Inc (3 records)".
    const name = citation.label.replace(/ \([\d,]+ records?\)$/, '');
    return [...(id ? [`#${id}`, `group ${id}`] : []), name];
  }
  const id = decodeURIComponent(citation.href.split('/').at(-1) ?? '');
  return [id, citation.label];
}

/**
 * The links an answer rests on: the groups and records it names (by id or name), and every
 * screen the tools pointed to. When it names none of the groups or records, the first of
 * them all, so an answer about "the largest groups" still links to them.
 */
export function citationsFor(answer: string, candidates: readonly Citation[]): Citation[] {
  const unique = [...new Map(candidates.map((c) => [c.href, c])).values()];
  const items = unique.filter((c) => c.kind !== 'screen');
  const named = items.filter((c) => handles(c).some((h) => h.length >= MIN_NAME_LENGTH && mentions(answer, h)));
  const chosen = named.length > 0 ? named : items.slice(0, FALLBACK_LIMIT);
  return [...chosen, ...unique.filter((c) => c.kind === 'screen')];
}
