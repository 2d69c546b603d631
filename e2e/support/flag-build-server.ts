/**
 * `tsx e2e/support/flag-build-server.ts <built web folder> <port> <api origin>`: a variant of
 * the web app built with other build-time flags (interest-only, forced demo), served as the
 * product serves it, its /api calls passed through to the main test server. The flags are
 * the build's; the API is the same one.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { registerWebApp } from '../../src/server/http/web-app';

const [webRoot, port, apiOrigin] = process.argv.slice(2);
if (!webRoot || !port || !apiOrigin) throw new Error('usage: flag-build-server.ts <web root> <port> <api origin>');

// Headers that describe this hop, not the request: the API server sets its own.
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'origin', 'sec-fetch-site', 'accept-encoding']);

const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

app.all('/api/*', async (request, reply) => {
  const headers = Object.entries(request.headers).flatMap(([name, value]) => (HOP_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]]));
  const response = await fetch(`${apiOrigin}${request.url}`, {
    method: request.method,
    headers,
    ...(Buffer.isBuffer(request.body) && request.body.length > 0 ? { body: new Uint8Array(request.body) } : {}),
    redirect: 'manual',
  });
  reply.status(response.status);
  for (const [name, value] of response.headers) if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
});

await registerWebApp(app, path.resolve(webRoot), { publicUrl: `http://127.0.0.1:${port}` });
await app.listen({ host: '127.0.0.1', port: Number(port) });
