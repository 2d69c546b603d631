import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { bodyFields, describeRequest, openApiPath, operationUrl, pathParamKey, registeredRoutes, withFieldValue, type Operation } from './openapi-operations';

const operation = (path: string, params: string[]): Operation => ({
  key: `GET ${path}`,
  method: 'GET',
  path,
  pathParams: params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
  queryParams: [],
});

describe('the operations helper', () => {
  it('reads every route and method from Fastify\'s route tree, wildcards and shared prefixes included', async () => {
    const app = Fastify();
    const ok = async () => 'ok';
    app.get('/api/scans', ok);
    app.post('/api/scans', ok);
    app.get('/api/scans/:id/events', ok);
    app.get('/api/settings', ok);
    app.route({ method: ['POST', 'DELETE'], url: '/api/demo/*', handler: ok });
    await app.ready();
    const keys = registeredRoutes(app).map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(keys.sort()).toEqual(['DELETE /api/demo/{*}', 'GET /api/scans', 'GET /api/scans/{id}/events', 'GET /api/settings', 'POST /api/demo/{*}', 'POST /api/scans']);
    await app.close();
  });

  it('names path parameters by the segment before them, and says what to add for an unknown one', () => {
    const records = operation('/api/objects/{objectType}/{id}', ['objectType', 'id']);
    expect(pathParamKey(records, 'objectType')).toBe('objects/{objectType}');
    expect(pathParamKey(records, 'id')).toBe('objects/{objectType}/{id}');
    expect(operationUrl(records, { 'objects/{objectType}': 'contacts', 'objects/{objectType}/{id}': '42' }, 'page=2')).toBe('/api/objects/contacts/42?page=2');
    expect(() => operationUrl(operation('/api/things/{thingId}', ['thingId']), {})).toThrow("Add 'things/{thingId}' to the owner's path values");
  });

  it('prints a request with its headers and a cut body', () => {
    expect(describeRequest({ method: 'POST', url: '/api/x', headers: { 'content-type': 'application/json', origin: 'null' }, payload: 'y'.repeat(400) })).toBe(
      `POST /api/x headers {"origin":"null"} application/json ${'y'.repeat(300)}... (400 characters)`,
    );
  });

  it('lists nested body fields and sets or removes one without touching the example', () => {
    const withBody: Operation = {
      ...operation('/api/things', []),
      body: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } } },
    };
    expect(bodyFields(withBody).map((f) => [f.name, f.required])).toEqual([['name', true], ['address', false], ['address.city', true]]);
    const example = { name: 'a', address: { city: 'b', zip: '1' } };
    expect(withFieldValue(example, 'address.city', 'x')).toEqual({ name: 'a', address: { city: 'x', zip: '1' } });
    expect(withFieldValue(example, 'address.city', undefined)).toEqual({ name: 'a', address: { zip: '1' } });
    expect(withFieldValue({ name: 'a' }, 'address.city', 'x')).toEqual({ name: 'a', address: { city: 'x' } });
    expect(example.address.city).toBe('b');
  });
});
