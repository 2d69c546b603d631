import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

const webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'datacleaner-web-'));
await fs.mkdir(path.join(webRoot, 'assets'));
await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>DataCleaner</title><div id="root"></div>');
await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
// What npm run build:web's compression step leaves beside a file.
await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
afterAll(() => fs.rm(webRoot, { recursive: true, force: true }));

const ctx = useTestApp({ webRoot, work: false });

describe('serving the built web app', () => {
  it('serves index.html at / and at any client route, never cached', async () => {
    for (const url of ['/', '/dashboard', '/demo/duplicates?tab=1', '/no/such/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
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
