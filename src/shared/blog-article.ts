/**
 * Blog articles from their Markdown files (content/blog/{slug}.md): parsed the same way by the
 * web app (bundled by Vite) and the server (sitemap, per-page head tags). Imports nothing.
 */

/** Reading speed the estimates assume: 'X min read' is words / 200, rounded up. */
export const WORDS_PER_MINUTE = 200;

export interface ArticleFrontMatter {
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  author: string;
  summary: string;
}

const FRONT_MATTER_FIELDS = ['title', 'date', 'author', 'summary'] as const satisfies readonly (keyof ArticleFrontMatter)[];

export interface Article extends ArticleFrontMatter {
  /** The file name without `.md`: the article's address is /blog/{slug}. */
  slug: string;
  /** Markdown after the front matter. */
  body: string;
  readingMinutes: number;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Words a reader reads: runs of text with a letter or digit, so Markdown marks ('##', '-') do not count. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}

// Checked by hand rather than with zod: the blog list would otherwise load zod for four fields.
function checkFrontMatter(slug: string, fields: Record<string, string>): ArticleFrontMatter {
  for (const name of FRONT_MATTER_FIELDS) {
    if (!fields[name]) throw new Error(`Article "${slug}": front matter needs a ${name}`);
  }
  const date = fields.date!;
  const time = Date.parse(`${date}T00:00:00Z`);
  // The round trip rejects dates that do not exist, such as 2026-02-30.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new Error(`Article "${slug}": date must be YYYY-MM-DD, not "${date}"`);
  }
  return { title: fields.title!, date, author: fields.author!, summary: fields.summary! };
}

/**
 * An article from its Markdown file: `key: value` front matter between `---` lines, then
 * the body. A malformed file throws, so the blog's tests catch it before a reader would.
 */
export function parseArticle(slug: string, source: string): Article {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`Article "${slug}" has no front matter between --- lines`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`Article "${slug}": front matter line "${line}" is not "key: value"`);
    fields[line.slice(0, colon).trim()] = unquote(line.slice(colon + 1).trim());
  }
  const frontMatter = checkFrontMatter(slug, fields);
  const body = source.slice(match[0].length).trim();
  return { slug, ...frontMatter, body, readingMinutes: readingMinutes(body) };
}

/** Newest first; articles of the same day by title, so the order never depends on file order. */
export function byNewest(a: Article, b: Article): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}

/** Articles from `{ path: source }`, as `import.meta.glob` gives them, newest first. */
export function loadArticles(files: Record<string, string>): Article[] {
  return Object.entries(files)
    .map(([path, source]) => parseArticle(path.replace(/^.*\//, '').replace(/\.md$/, ''), source))
    .sort(byNewest);
}
