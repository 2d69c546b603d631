import { Link, useParams } from 'react-router';
import { articleTitle, NOT_FOUND_TITLE } from '../../shared/app-routes';
import { ButtonLink } from '../components/ui/button';
import { formatArticleDate, readingTimeLabel } from '../features/blog/article';
import { findArticle } from '../features/blog/articles';
import { MarkdownContent } from '../features/blog/markdown-content';
import { Prose } from '../features/legal/prose';
import { useScrollToHash } from '../features/legal/use-scroll-to-hash';
import { NotFoundPage } from './not-found-page';

const backLink = 'text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline';

/** /blog/{slug}: one article, or 'Page Not Found' for a slug no article has. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const article = findArticle(slug);
  useScrollToHash();

  if (!article) {
    // The server answers such a slug 404 with the 'Page Not Found' head: the page says the same.
    return (
      <>
        <title>{NOT_FOUND_TITLE}</title>
        <NotFoundPage />
      </>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{articleTitle(article.title)}</title>
      <Link to="/blog" className={backLink}>
        ← All articles
      </Link>
      <header className="mt-8 border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{article.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{article.summary}</p>
        <p className="mt-6 text-sm text-slate-600">
          By {article.author}
          <span aria-hidden="true"> · </span>
          <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
          <span aria-hidden="true"> · </span>
          {readingTimeLabel(article.readingMinutes)}
        </p>
      </header>
      <Prose className="mt-10">
        <MarkdownContent markdown={article.body} />
      </Prose>
      <footer className="mt-16 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 className="text-lg font-semibold text-slate-900">See it on your own data</h2>
        <p className="mt-2 text-slate-700">The demo shows duplicate groups with their reasons and a health score, with no sign-up.</p>
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <ButtonLink to="/demo">Open the demo</ButtonLink>
          <Link to="/blog" className={backLink}>
            ← All articles
          </Link>
        </div>
      </footer>
    </article>
  );
}
