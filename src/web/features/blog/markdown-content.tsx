import { lexer, type MarkedToken, type Token, type Tokens } from 'marked';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Markdown rendered as React elements from marked's tokens, not as an HTML string: no
 * innerHTML, raw HTML in a file shows as text, and links inside the site stay in the router.
 * Styling comes from the Prose wrapper around it.
 */
export function MarkdownContent({ markdown }: { markdown: string }) {
  const tokens = useMemo(() => lexer(markdown), [markdown]);
  // Heading ids are unique per document, so a repeated heading gets '-2', '-3'.
  const ids = new Map<string, number>();
  return <>{blocks(tokens, ids)}</>;
}

type HeadingIds = Map<string, number>;

export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

function uniqueId(text: string, ids: HeadingIds): string {
  const base = headingId(text);
  const seen = (ids.get(base) ?? 0) + 1;
  ids.set(base, seen);
  return seen === 1 ? base : `${base}-${seen}`;
}

// marked's Token also admits extension tokens of any type; this app registers none.
const known = (token: Token) => token as MarkedToken;

function blocks(tokens: readonly Token[], ids: HeadingIds): ReactNode[] {
  return tokens.map((token, index) => block(known(token), index, ids));
}

function block(token: MarkedToken, key: number, ids: HeadingIds): ReactNode {
  switch (token.type) {
    case 'heading': {
      // The page's title is the h1, so the article's own headings start at h2.
      const Tag = (['h2', 'h2', 'h3', 'h4', 'h5', 'h6'] as const)[Math.min(token.depth, 6) - 1]!;
      return (
        <Tag key={key} id={uniqueId(token.text, ids)}>
          {inline(token.tokens)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{inline(token.tokens)}</p>;
    case 'list': {
      const items = token.items.map((item, index) => <li key={index}>{listItem(item, ids)}</li>);
      if (!token.ordered) return <ul key={key}>{items}</ul>;
      return (
        <ol key={key} start={token.start === '' || token.start === 1 ? undefined : token.start}>
          {items}
        </ol>
      );
    }
    case 'code':
      return (
        // Focusable, so keyboard users can scroll a long line sideways.
        <pre key={key} tabIndex={0}>
          <code className={token.lang ? `language-${token.lang}` : undefined}>{token.text}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote key={key}>{blocks(token.tokens, ids)}</blockquote>;
    case 'hr':
      return <hr key={key} />;
    case 'table':
      return (
        // Wide tables scroll on their own instead of widening the page on a phone.
        <div key={key} className="overflow-x-auto" tabIndex={0} role="region" aria-label="Table">
          <table>
            <thead>
              <tr>
                {token.header.map((cell, index) => (
                  <th key={index} scope="col" style={cell.align ? { textAlign: cell.align } : undefined}>
                    {inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {token.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                      {inline(cell.tokens)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'text':
      return <p key={key}>{token.tokens ? inline(token.tokens) : token.text}</p>;
    case 'html':
      return <p key={key}>{token.text}</p>;
    case 'space':
    case 'def':
      return null;
    default:
      return inlineToken(token, key);
  }
}

function listItem(item: Tokens.ListItem, ids: HeadingIds): ReactNode {
  return item.tokens.map((child, index) => {
    const token = known(child);
    // Tight lists hold their text directly; loose ones hold paragraphs.
    if (token.type === 'text') return <span key={index}>{token.tokens ? inline(token.tokens) : token.text}</span>;
    if (token.type === 'checkbox') return <span key={index} aria-hidden="true">{token.checked ? '☑ ' : '☐ '}</span>;
    return block(token, index, ids);
  });
}

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, index) => inlineToken(known(token), index));
}

function inlineToken(token: MarkedToken, key: number): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? <span key={key}>{inline(token.tokens)}</span> : token.text;
    case 'escape':
      return token.text;
    case 'strong':
      return <strong key={key}>{inline(token.tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline(token.tokens)}</em>;
    case 'del':
      return <del key={key}>{inline(token.tokens)}</del>;
    case 'codespan':
      return <code key={key}>{token.text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link':
      return (
        <ArticleLink key={key} href={token.href} title={token.title ?? undefined}>
          {inline(token.tokens)}
        </ArticleLink>
      );
    case 'image':
      return <img key={key} src={token.href} alt={token.text} title={token.title ?? undefined} loading="lazy" />;
    case 'html':
      return token.text;
    case 'checkbox':
      return token.checked ? '☑ ' : '☐ ';
    default:
      return 'raw' in token ? token.raw : null;
  }
}

function ArticleLink({ href, title, children }: { href: string; title: string | undefined; children: ReactNode }) {
  // A path on this site moves within the app; anything else is an ordinary link.
  if (/^\/(?!\/)/.test(href)) {
    return (
      <Link to={href} title={title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} title={title} rel={/^https?:/.test(href) ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}
