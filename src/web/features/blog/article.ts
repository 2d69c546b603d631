export {
  WORDS_PER_MINUTE,
  byNewest,
  countWords,
  loadArticles,
  parseArticle,
  readingMinutes,
  type Article,
  type ArticleFrontMatter,
} from '../../../shared/blog-article';

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** '2026-11-12' as 'November 12, 2026', the same in every time zone. */
export function formatArticleDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
