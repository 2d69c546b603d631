import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isLoopback, isLoopbackHost, localOnly } from './local-only';

describe('isLoopback', () => {
  it('knows this machine in every spelling a socket reports, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '1270.0.0.1', '::2', 'localhost', '127.0.0.1.evil.example']) expect(isLoopback(address), String(address)).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('accepts the loopback names with any port, and no other name', () => {
    for (const host of ['localhost', 'localhost:5173', 'LocalHost:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]', '[::1]:3000']) expect(isLoopbackHost(host), host).toBe(true);
    const others = [undefined, '', 'evil.example.com', 'evil.example.com:3000', 'localhost.evil.example.com', 'evil.localhost.example', '192.168.1.20:5173', '127.0.0.1.nip.io', '[::1]x', 'localhost:', 'localhost:3000:1', '::1', 'localhost@evil.example.com'];
    for (const host of others) expect(isLoopbackHost(host), String(host)).toBe(false);
  });
});

describe('the local-only hook', () => {
  async function helperApp() {
    const app = Fastify();
    app.get('/api/dev/outbox', { onRequest: localOnly }, async () => ({ emails: [] }));
    await app.ready();
    return app;
  }

  it('answers a loopback socket addressed by a loopback name, as the browser and Vite send it', async () => {
    const app = await helperApp();
    for (const host of ['localhost:3000', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('hides from a loopback socket whose Host is another name: DNS rebinding, or a LAN visitor through `vite --host`', async () => {
    const app = await helperApp();
    for (const host of ['rebind.evil.example.com:3000', '192.168.1.20:5173']) {
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers: { host } });
      expect(response.statusCode, host).toBe(404);
      expect(response.json()).toEqual({ message: 'No API route GET /api/dev/outbox', code: 'NOT_FOUND' });
    }
  });
});
