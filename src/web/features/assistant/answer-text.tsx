import type { ReactNode } from 'react';

type Piece = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** Paragraphs at blank lines; runs of "- item" or "1. item" lines become lists. */
function pieces(text: string): Piece[] {
  const result: Piece[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    for (const line of block.split('\n')) {
      if (!line.trim()) continue;
      const kind = BULLET.test(line) ? 'ul' : NUMBERED.test(line) ? 'ol' : 'p';
      const last = result.at(-1);
      if (kind === 'p') {
        if (last?.kind === 'p') last.lines.push(line);
        else result.push({ kind: 'p', lines: [line] });
      } else {
        const item = line.replace(kind === 'ul' ? BULLET : NUMBERED, '');
        if (last?.kind === kind) last.items.push(item);
        else result.push({ kind, items: [item] });
      }
    }
    // A blank line always ends a paragraph, even between two of them.
    result.push({ kind: 'p', lines: [] });
  }
  return result.filter((piece) => piece.kind !== 'p' || piece.lines.length > 0);
}

/** **bold** is the one emphasis models use often enough to honour; everything else stays text. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/).map((part, i) => (part.startsWith('**') && part.endsWith('**') && part.length > 4 ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}

/** An answer's words as paragraphs and simple lists: React text, never HTML from the model. */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-800 wrap-anywhere">
      {pieces(text).map((piece, i) => {
        if (piece.kind === 'p')
          return (
            <p key={i}>
              {piece.lines.map((line, j) => (
                <span key={j}>
                  {j > 0 && <br />}
                  {inline(line)}
                </span>
              ))}
            </p>
          );
        const List = piece.kind;
        return (
          <List key={i} className={`space-y-1 pl-5 ${piece.kind === 'ul' ? 'list-disc' : 'list-decimal'}`}>
            {piece.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
