import { loadArticles, type Article } from './article';

// Bundled at build time from the repository's content/blog folder (outside the Vite root,
// inside the package, which Vite's dev server allows). Only the blog's own chunks import this.
const files = import.meta.glob<string>('../../../../content/blog/*.md', { query: '?raw', import: 'default', eager: true });

/** Every article, newest first. */
export const ARTICLES: readonly Article[] = loadArticles(files);

export function findArticle(slug: string): Article | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}
