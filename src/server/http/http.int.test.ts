import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startTestApp, useTestApp } from '../test/test-app';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('reports the database and the queue as ok', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ status: 'ok', driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.queue).toEqual({ status: 'ok', workersInProcess: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 and names the failing component when the database is gone', async () => {
    const { app, queue, database, stop } = await startTestApp({ work: false });
    await queue.stop();
    await database.close();

    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'error', latencyMs: null } });
    expect(res.json().database.error).toEqual(expect.any(String));
    await stop();
  });
});

describe('errors', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No API route POST /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it('turns zod validation failures into VALIDATION_ERROR with the field named', async () => {
    const probe: FastifyPluginAsyncZod = async (app) => {
      app.post('/api/test-probe', { schema: { body: z.object({ email: z.email() }) } }, () => ({ ok: true }));
    };
    const { app, stop } = await startTestApp({ work: false });
    await app.register(probe);
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test-probe', payload: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(/email/);
    } finally {
      await stop();
    }
  });

  it('hides the details of unexpected failures', async () => {
    const { app, stop } = await startTestApp({ work: false });
    app.get('/api/test-crash', () => {
      throw new Error('connection string postgres://admin:secret@db');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-crash' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
      expect(res.body).not.toContain('secret');
    } finally {
      await stop();
    }
  });
});

describe('security headers', () => {
  it('sends a content security policy and the usual hardening headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the zod contracts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('DataCleaner API');
    const health = doc.paths['/api/health'].get;
    expect(health.responses['200']).toBeDefined();
    expect(health.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Health');
    expect(Object.keys(doc.components.schemas.Health.properties)).toEqual(
      expect.arrayContaining(['status', 'database', 'queue', 'uptimeSeconds']),
    );
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('serves browsable docs at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
  });
});

describe('web app fallback', () => {
  it('explains how to build the app when it has not been built', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build:web');
  });
});
