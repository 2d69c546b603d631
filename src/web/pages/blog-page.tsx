import { Link } from 'react-router';
import { formatArticleDate, readingTimeLabel } from '../features/blog/article';
import { ARTICLES } from '../features/blog/articles';

/** /blog: every article, newest first, with its date, summary and reading time. */
export function BlogPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Blog</h1>
      <p className="mt-4 text-lg text-slate-600">Articles on CRM data quality, duplicate management and getting more out of HubSpot.</p>
      <ol className="mt-12 space-y-6" aria-label="Articles">
        {ARTICLES.map((article) => (
          <li key={article.slug}>
            <article className="relative rounded-2xl border border-slate-200 p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
              <p className="text-sm text-slate-600">
                <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
                <span aria-hidden="true"> · </span>
                {readingTimeLabel(article.readingMinutes)}
              </p>
              <h2 className="mt-2 text-xl font-semibold tracking-tight text-slate-900">
                {/* The whole card is the link's target area, the title its name. */}
                <Link to={`/blog/${article.slug}`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
                  {article.title}
                </Link>
              </h2>
              <p className="mt-3 text-slate-600">{article.summary}</p>
              <p className="mt-4 text-sm font-semibold text-brand-700" aria-hidden="true">
                Read article →
              </p>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
