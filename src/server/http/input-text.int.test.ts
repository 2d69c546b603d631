import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID } from '../../shared/contracts/ids';
import { activeUser } from '../test/accounts';
import { apiOperations, bodyFields } from '../test/openapi-operations';
import { useTestApp } from '../test/test-app';

const ctx = useTestApp({ work: false });

describe('input that no column can hold is refused with a 400, never a 500', () => {
  it('refuses ids beyond PostgreSQL integer in paths, signed in and in the public demo', async () => {
    const cookie = await activeUser(ctx, 'ids@example.com');
    for (const id of [String(MAX_ROW_ID + 1), String(2 ** 53), '99999999999999999999']) {
      const scan = await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { cookie } });
      expect(scan.statusCode).toBe(400);
      expect(scan.json()).toEqual({ message: `Invalid params: id: A scan id is a whole number from 1 to ${MAX_ROW_ID}`, code: 'VALIDATION_ERROR' });
      const demo = await ctx.app.inject({ method: 'GET', url: `/api/demo/duplicates/${id}` });
      expect(demo.statusCode).toBe(400);
      expect(demo.json().code).toBe('VALIDATION_ERROR');
    }
    // The largest id is still an id: unknown, so not found.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scans/${MAX_ROW_ID}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('refuses text with a NUL character in a body and in a query string', async () => {
    const cookie = await activeUser(ctx, 'nul@example.com');
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: { fullName: 'a\u0000b', countryOfResidence: 'France', contactPhone: '+33 1 23 45 67 89' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ message: 'Invalid body: fullName: text may not contain the NUL character (\\u0000)', code: 'VALIDATION_ERROR' });

    const search = await ctx.app.inject({ method: 'GET', url: '/api/objects/contacts?search=a%00b', headers: { cookie } });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ message: 'Invalid querystring: search: text may not contain the NUL character (\\u0000)', code: 'VALIDATION_ERROR' });

    // The profile kept its earlier value.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().fullName).toBe('Ada Lovelace');
  });

  it('bounds every whole number any route takes to what an integer column holds', async () => {
    const unbounded = (await apiOperations(ctx.app)).flatMap((operation) =>
      [...operation.pathParams, ...operation.queryParams, ...bodyFields(operation)]
        .filter((field) => field.schema.type === 'integer' && !(typeof field.schema.maximum === 'number' && field.schema.maximum <= MAX_ROW_ID))
        .map((field) => `${operation.key} ${field.in} ${field.name}: use rowIdParam from src/shared/contracts/ids.ts for an id, or give it a maximum`),
    );
    expect(unbounded).toEqual([]);
  });
});
