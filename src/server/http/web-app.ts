import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Serves the built React app from `webRoot`; any non-API path answers index.html so the
 * client router can show the page (or its own 'Page Not Found').
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexHtml = path.join(webRoot, 'index.html');
  const built = fs.existsSync(indexHtml);
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
  app.setNotFoundHandler((request, reply) => {
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
