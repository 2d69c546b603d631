import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_META } from '../../shared/app-routes';
import { useTestApp } from '../test/test-app';
import { defaultBlogDir, readArticles } from './web-app';

const webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-web-'));
await fs.mkdir(path.join(webRoot, 'assets'));
// As Vite writes it: the site's default title and description, replaced per page.
await fs.writeFile(
  path.join(webRoot, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="The default." />\n    <title>DataCleaner</title>\n    <script type="module" src="/assets/index-abc123.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
// What npm run build:web prerenders (src/web/prerender.tsx) for the public pages and articles.
await fs.mkdir(path.join(webRoot, '.prerendered'));
await fs.writeFile(path.join(webRoot, '.prerendered', 'landing.html'), '<div class="page"><h1>A clean HubSpot CRM $& $1</h1></div>');
await fs.writeFile(path.join(webRoot, '.prerendered', 'about-us.html'), '<div class="page"><h1>About Us</h1></div>');
await fs.writeFile(path.join(webRoot, '.prerendered', 'blog--measuring-crm-health.html'), '<div class="page"><h1>Measuring CRM health</h1></div>');
await fs.writeFile(path.join(webRoot, '.prerendered', 'blog--no-such-article.html'), '<div class="page"><h1>Left over</h1></div>');
await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
// What npm run build:web's compression step leaves beside a file.
await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
afterAll(() => fs.rm(webRoot, { recursive: true, force: true }));

const PUBLIC_URL = 'https://datacleaner.example';
const ctx = useTestApp({ webRoot, work: false, env: { PUBLIC_URL } });
const articles = readArticles(defaultBlogDir);
const article = articles.find((candidate) => candidate.slug === 'measuring-crm-health')!;

function head(html: string) {
  const titles = [...html.matchAll(/<title>(.*?)<\/title>/g)].map((m) => m[1]);
  const meta = (attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  return {
    titles,
    description: meta('name', 'description'),
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    og: Object.fromEntries(['og:title', 'og:description', 'og:url', 'og:type', 'og:site_name'].map((name) => [name, meta('property', name)])),
    twitterCard: meta('name', 'twitter:card'),
    robots: meta('name', 'robots'),
  };
}

describe('serving the built web app', () => {
  it('serves index.html at / and at every client route, never cached', async () => {
    const known = ['/', '/dashboard', '/demo/duplicates?tab=1', '/demo', '/demo/objects/contacts', '/demo/objects/contacts/123', '/objects/deals', '/objects/deals/42', '/profile/setup', '/verify?token=x', '/About-Us/', `/blog/${article.slug}`, '/blog', '/auth?tab=register', '/login'];
    for (const url of known) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an unknown path, or a blog slug no article has, with 404 and the app (which shows Page Not Found)', async () => {
    for (const url of ['/no/such/page', '/blog/no-such-article', '/dashboard/extra', '/demo/nothing', '/objects', '/blog/a/b', '/index.html.bak']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('/assets/index-abc123.js');
      expect(head(res.body).titles).toEqual(['Page Not Found – DataCleaner']);
      expect(head(res.body).robots).toBe('noindex');
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/no/such/page' })).statusCode).toBe(404);
  });

  it('gives each public page its own title, description, canonical link and Open Graph tags', async () => {
    const seen = new Set<string>();
    for (const [pagePath, meta] of Object.entries(PAGE_META)) {
      const res = await ctx.app.inject({ method: 'GET', url: pagePath });
      const tags = head(res.body);
      const url = `${PUBLIC_URL}${pagePath}`;
      // Titles and descriptions are plain text here, so escaping leaves them as they are.
      expect(tags, pagePath).toEqual({
        titles: [meta.title],
        description: meta.description,
        descriptions: 1,
        canonical: url,
        og: { 'og:title': meta.title, 'og:description': meta.description, 'og:url': url, 'og:type': 'website', 'og:site_name': 'DataCleaner' },
        twitterCard: 'summary',
        robots: undefined,
      });
      seen.add(meta.title);
    }
    expect(seen.size).toBe(Object.keys(PAGE_META).length);

    const post = head((await ctx.app.inject({ method: 'GET', url: `/blog/${article.slug}` })).body);
    expect(post.titles).toEqual([`${article.title} – DataCleaner blog`]);
    expect(post.canonical).toBe(`${PUBLIC_URL}/blog/${article.slug}`);
    expect(post.og['og:type']).toBe('article');
    // The summary starts with a quoted phrase: escaped in the attribute.
    expect(article.summary).toContain('"');
    expect(post.description).toBe(article.summary.replaceAll('"', '&#34;'));
    expect(post.og['og:description']).toBe(post.description);
  });

  it("puts each page's prerendered markup into #root, and only its own", async () => {
    const landing = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<div id="root"><div class="page"><h1>A clean HubSpot CRM $& $1</h1></div></div>');
    expect((await ctx.app.inject({ method: 'GET', url: '/About-Us/' })).body).toContain('<div id="root"><div class="page"><h1>About Us</h1></div></div>');
    expect((await ctx.app.inject({ method: 'GET', url: '/blog/measuring-crm-health' })).body).toContain('<div id="root"><div class="page"><h1>Measuring CRM health</h1></div></div>');
    // Not prerendered, or no such page (a file left by an older build included): the app renders it.
    for (const url of ['/privacy-policy', '/blog/no-such-article', '/demo', '/no/such/page']) expect((await ctx.app.inject({ method: 'GET', url })).body, url).toContain('<div id="root"></div>');
  });

  it('marks <html data-signed-in> for a browser with the signed-in hint cookie, so the prerendered header shows the signed-in account area', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(visitor.body).toContain('<html lang="en">');
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: 'dc_signed_in=1' } });
    expect(signedIn.body).toContain('<html data-signed-in lang="en">');
    expect(signedIn.body).toContain('<div id="root"><div class="page"><h1>A clean HubSpot CRM $& $1</h1></div></div>');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    // The cached page for visitors stays unmarked.
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('<html lang="en">');
  });

  it('sends the page compressed to browsers that accept it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ctx.app.inject({ method: 'GET', url: '/no/such/page', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Page Not Found');
  });

  it('keeps the signed-in app out of search results', async () => {
    const tags = head((await ctx.app.inject({ method: 'GET', url: '/dashboard' })).body);
    expect(tags.robots).toBe('noindex');
    expect(tags.canonical).toBeUndefined();
  });

  it('serves a robots.txt that opens the public site, closes the API and the signed-in app, and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const closed of ['/api/', '/dashboard', '/settings', '/objects/', '/profile/', '/duplicates']) expect(lines).toContain(`Disallow: ${closed}`);
    expect(lines.filter((line) => line.startsWith('Disallow: /demo') || line.startsWith('Disallow: /blog'))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('serves a sitemap.xml of the public pages and every blog article, dated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    const pages = ['/', '/about-us', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/gdpr', '/blog', '/demo', '/auth', '/subscribe'];
    expect(articles.length).toBeGreaterThanOrEqual(3);
    expect(locs.sort()).toEqual([...pages, ...articles.map((a) => `/blog/${a.slug}`)].map((p) => `${PUBLIC_URL}${p}`).sort());
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/blog/${article.slug}</loc><lastmod>${article.date}</lastmod>`);
    // The blog list changes with its newest article.
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/blog</loc><lastmod>${articles[0]!.date}</lastmod>`);
  });

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the Brotli copy built beside an asset to browsers that accept it, and the plain file to others', async () => {
    const compressed = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('keeps API misses as JSON 404s rather than the app page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
