import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * PostgreSQL text and jsonb cannot hold the NUL character (U+0000): a query with one fails
 * in the database. One check over every route's params, query string and JSON body, keys
 * included, refuses it before validation, so no route (today's or tomorrow's) forgets.
 */
export function registerInputTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [context, value] of Object.entries(parts)) {
      const where = nulPath(value);
      if (where === null) continue;
      throw new HttpError(400, 'VALIDATION_ERROR', `Invalid ${context}: ${where ? `${where}: ` : ''}text may not contain the NUL character (\\u0000)`);
    }
  });
}

/**
 * Where the first NUL is: the dotted path of the string ("a.b", '' for the value itself, the
 * object's path when a key holds it), or null when there is none. Iterative: a parsed JSON
 * body may nest deeper than the call stack.
 */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}
