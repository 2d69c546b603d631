import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_ROUTES, matchAppRoute, PRERENDER_DIR, prerenderFile } from '../../shared/app-routes';
import { loadArticles, type Article } from '../../shared/blog-article';
import { projectRoot } from '../project-root';
import { apiNotFound } from './errors';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/signed-in-hint';
import { headFor, injectBody, injectHead, markSignedIn, robotsTxt, sitemapXml, type PageHead } from './public-site';

/** The Markdown the blog is built from; the web app bundles the same files. */
export const defaultBlogDir = path.join(projectRoot, 'content/blog');

export interface WebAppOptions {
  /** The site's absolute address, no trailing slash: canonical links, sitemap and robots.txt. */
  publicUrl: string;
  /** Folder of the blog's Markdown files; tests point elsewhere. */
  blogDir?: string;
}

/** The blog's articles, newest first; none when the folder is missing. */
export function readArticles(blogDir: string): Article[] {
  if (!fs.existsSync(blogDir)) return [];
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(blogDir)) {
    if (name.endsWith('.md')) files[name] = fs.readFileSync(path.join(blogDir, name), 'utf8');
  }
  return loadArticles(files);
}

/**
 * Serves the built React app from `webRoot`. A path that is one of the app's routes
 * (src/shared/app-routes.ts) answers index.html with that page's own head tags; any other
 * answers it with 404, and the client router shows its 'Page Not Found'. Also robots.txt
 * and sitemap.xml, built from the same route list and the blog's articles.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, options: WebAppOptions): Promise<void> {
  const indexHtml = path.join(webRoot, 'index.html');
  const built = fs.existsSync(indexHtml);
  const articles = readArticles(options.blogDir ?? defaultBlogDir);
  const bySlug = new Map(articles.map((article) => [article.slug, article]));
  const site = { publicUrl: options.publicUrl, articles };

  const robots = robotsTxt(site, APP_ROUTES);
  const sitemap = sitemapXml(site);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemap),
  );

  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // npm run build:web writes .br and .gz beside each file: sent as they are, no CPU per request.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Vite fingerprints everything under assets/, so those files never change.
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // index.html with each page's head, per page (not per raw path, so the cache stays small),
  // compressed once as build:web compresses the rest; dropped when a new build replaces index.html.
  let template: { mtimeMs: number; html: string } | undefined;
  const pages = new Map<string, Promise<ServedPage>>();
  async function servedPage(head: PageHead, signedIn: boolean): Promise<ServedPage> {
    const { mtimeMs } = await fs.promises.stat(indexHtml);
    if (template?.mtimeMs !== mtimeMs) {
      template = { mtimeMs, html: await fs.promises.readFile(indexHtml, 'utf8') };
      pages.clear();
    }
    const key = signedIn ? `${head.key} signed-in` : head.key;
    let page = pages.get(key);
    if (!page) {
      const html = injectBody(injectHead(template.html, head), await prerendered(head.key));
      page = compressed(signedIn ? markSignedIn(html) : html);
      pages.set(key, page);
    }
    return page;
  }
  /** The page's markup npm run build:web prerendered, if it did. */
  async function prerendered(key: string): Promise<string | undefined> {
    // Only found pages: an unknown article's key is '404', not its slug.
    const file = key.startsWith('/') ? prerenderFile(key) : undefined;
    return file ? fs.promises.readFile(path.join(webRoot, PRERENDER_DIR, file), 'utf8').catch(() => undefined) : undefined;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '';
    if (pathOnly === '/api' || pathOnly.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build:web` (npm start does it for you).');
    }
    const head = headFor(matchAppRoute(pathOnly), bySlug, site.publicUrl);
    const page = await servedPage(head, hasCookie(request.headers.cookie, SIGNED_IN_HINT_COOKIE));
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply.status(head.found ? 200 : 404).header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.html);
  });
}

/** Whether a Cookie header names this cookie (read raw: this file does not depend on the cookie plugin). */
function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}

interface ServedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compressed(html: string): Promise<ServedPage> {
  const [br, gz] = await Promise.all([brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzipped(html, { level: 9 })]);
  return { html, br, gzip: gz };
}

/** br, else gzip, when the client takes it (not with q=0); else none. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
