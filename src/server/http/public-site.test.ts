import { describe, expect, it } from 'vitest';
import { APP_ROUTES, matchAppRoute } from '../../shared/app-routes';
import type { Article } from '../../shared/blog-article';
import { headFor, injectHead, robotsTxt, sitemapXml } from './public-site';

const hostile: Article = {
  slug: 'a&b',
  title: 'Tags like <script>alert("x")</script> & \'quotes\'',
  date: '2026-01-02',
  author: 'Someone',
  summary: 'A "summary" with <b>markup</b> & ampersands',
  body: '',
  readingMinutes: 1,
};
const publicUrl = 'https://example.test';
const template = '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="old" /><title>Old</title></head><body><div id="root"></div></body></html>';

describe('per-page head tags', () => {
  it('escapes the titles and summaries it puts into the page', () => {
    const head = headFor(matchAppRoute('/blog/a%26b'), new Map([['a&b', hostile]]), publicUrl);
    const html = injectHead(template, head);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>Tags like &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quotes&#39; – DataCleaner blog</title>');
    expect(html).toContain('<meta name="description" content="A &#34;summary&#34; with &#60;b&#62;markup&#60;/b&#62; &#38; ampersands" />');
    expect(html).toContain('<link rel="canonical" href="https://example.test/blog/a%26b" />');
    expect(html).toContain('<meta property="og:url" content="https://example.test/blog/a%26b" />');
    expect(html).toContain('<meta property="article:published_time" content="2026-01-02" />');
    // index.html's own title and description are replaced, not repeated.
    expect(html).not.toContain('Old');
    expect(html).not.toContain('content="old"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('escapes the sitemap', () => {
    expect(sitemapXml({ publicUrl: 'https://example.test/?a=1&b=2', articles: [hostile] })).toContain('<loc>https://example.test/?a=1&amp;b=2/blog/a%26b</loc>');
  });

  it('puts the tags first in a document without a head element', () => {
    const html = injectHead('<!doctype html><div id="root"></div>', headFor(matchAppRoute('/'), new Map(), publicUrl));
    expect(html).toMatch(/^<!doctype html><title>DataCleaner – data quality for HubSpot CRM<\/title>/);
  });
});

describe('the app routes', () => {
  it('match as React Router matches them', () => {
    expect(matchAppRoute('/')?.route.pattern).toBe('/');
    expect(matchAppRoute('/GDPR/')?.route.pattern).toBe('/gdpr');
    expect(matchAppRoute('/demo/objects/contacts/123')).toEqual({ route: { pattern: '/demo/objects/:objectType/:id', kind: 'demo' }, params: { objectType: 'contacts', id: '123' } });
    expect(matchAppRoute('/blog/%E0%A4%A')).toBeUndefined();
    expect(matchAppRoute('/blog//')).toBeUndefined();
    expect(matchAppRoute('/objects')).toBeUndefined();
  });

  it('close the signed-in app and token pages to crawlers', () => {
    const robots = robotsTxt({ publicUrl, articles: [] }, APP_ROUTES);
    expect(robots).toContain('Disallow: /reset-password\n');
    expect(robots).toContain('Disallow: /ai\n');
    expect(robots.endsWith('Sitemap: https://example.test/sitemap.xml\n')).toBe(true);
  });
});
