import { articleTitle, DEFAULT_PAGE_META, NOT_FOUND_TITLE, PAGE_META, pageTitle, SITE_NAME, type AppRoute, type PageMeta, type RouteMatch } from '../../shared/app-routes';
import type { Article } from '../../shared/blog-article';
import { SIGNED_IN_HTML_ATTRIBUTE } from '../../shared/signed-in-hint';

export interface PublicSite {
  /** Absolute, no trailing slash. */
  publicUrl: string;
  /** Newest first. */
  articles: readonly Article[];
}

/** Text for HTML, in element content and in quoted attributes alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Text for XML element content. */
function escapeXml(value: string): string {
  return value.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]!);
}

/**
 * robots.txt: the public pages and the demo open; the API (the demo's included) and the
 * signed-in areas closed; the sitemap's absolute address.
 */
export function robotsTxt(site: PublicSite, routes: readonly AppRoute[]): string {
  const closed = new Set<string>(['/api/']);
  for (const route of routes) {
    if (route.kind !== 'signed-in' && route.kind !== 'utility') continue;
    const first = route.pattern.split('/')[1]!;
    // A section with pages below it is closed as a folder, a single page as itself.
    closed.add(route.pattern.split('/').length > 2 ? `/${first}/` : `/${first}`);
  }
  const lines = ['User-agent: *', 'Allow: /', ...[...closed].sort().map((pathPrefix) => `Disallow: ${pathPrefix}`), '', `Sitemap: ${site.publicUrl}/sitemap.xml`];
  return `${lines.join('\n')}\n`;
}

/** sitemap.xml: every public page and every blog article, articles dated by their post date. */
export function sitemapXml(site: PublicSite): string {
  const newest = site.articles[0]?.date;
  const entries: { path: string; lastmod?: string | undefined }[] = [
    ...Object.keys(PAGE_META).map((pagePath) => ({ path: pagePath, lastmod: pagePath === '/blog' ? newest : undefined })),
    ...site.articles.map((article) => ({ path: `/blog/${encodeURIComponent(article.slug)}`, lastmod: article.date })),
  ];
  const urls = entries.map(
    (entry) => `  <url><loc>${escapeXml(`${site.publicUrl}${entry.path === '/' ? '/' : entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** What a served page's head says, and whether the page exists. */
export interface PageHead {
  /** The cache key: one per page, not per spelling of its path. */
  key: string;
  found: boolean;
  meta: PageMeta;
  /** Absolute; only for the pages search engines should index. */
  canonical?: string;
  ogType?: 'website' | 'article';
  publishedTime?: string;
  noindex?: boolean;
}

const NOT_FOUND: PageHead = {
  key: '404',
  found: false,
  meta: { title: NOT_FOUND_TITLE, description: 'The page you are looking for does not exist or has moved.' },
  noindex: true,
};

/** The head of the page a matched route shows; unknown routes and blog slugs are 'Page Not Found'. */
export function headFor(match: RouteMatch | undefined, articles: ReadonlyMap<string, Article>, publicUrl: string): PageHead {
  if (!match) return NOT_FOUND;
  const { route, params } = match;
  if (route.pattern === '/blog/:slug') {
    const article = articles.get(params.slug ?? '');
    if (!article) return NOT_FOUND;
    const pagePath = `/blog/${encodeURIComponent(article.slug)}`;
    return {
      key: pagePath,
      found: true,
      meta: { title: articleTitle(article.title), description: article.summary },
      canonical: `${publicUrl}${pagePath}`,
      ogType: 'article',
      publishedTime: article.date,
    };
  }
  const meta = PAGE_META[route.pattern];
  if (meta) return { key: route.pattern, found: true, meta, canonical: `${publicUrl}${route.pattern}`, ogType: 'website' };
  // Known but not indexed: the demo's inner pages, the signed-in app, token pages.
  const description = route.kind === 'demo' ? PAGE_META['/demo']!.description : DEFAULT_PAGE_META.description;
  return { key: route.pattern, found: true, meta: { title: pageTitle(route), description }, noindex: route.kind !== 'demo' };
}

/** index.html with the page's title, description, canonical link and Open Graph tags in place of its own. */
export function injectHead(html: string, head: PageHead): string {
  const { title, description } = head.meta;
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(description)}" />`];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (head.canonical) {
    const attr = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
    tags.push(
      `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
      attr('og:site_name', SITE_NAME),
      attr('og:type', head.ogType ?? 'website'),
      attr('og:title', title),
      attr('og:description', description),
      attr('og:url', head.canonical),
    );
    if (head.publishedTime) tags.push(attr('article:published_time', head.publishedTime));
    tags.push('<meta name="twitter:card" content="summary" />');
  }
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const block = `${tags.join('\n    ')}\n  `;
  if (stripped.includes('</head>')) return stripped.replace('</head>', `  ${block}</head>`);
  // A document with no head element: the tags go first, after the doctype.
  const doctype = /^\s*<!doctype html>/i.exec(stripped)?.[0] ?? '';
  return `${doctype}${tags.join('')}${stripped.slice(doctype.length)}`;
}

/** <html data-signed-in>: the prerendered header shows its signed-in account area (src/web/styles.css). */
export function markSignedIn(html: string): string {
  return html.replace(/<html\b/, `<html ${SIGNED_IN_HTML_ATTRIBUTE}`);
}

/** index.html with prerendered markup in its empty #root, which the app's first render replaces. */
export function injectBody(html: string, markup: string | undefined): string {
  if (!markup) return html;
  return html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}
