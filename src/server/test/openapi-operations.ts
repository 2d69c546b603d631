import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * The API's operations as the OpenAPI document (/api/openapi.json, generated from the zod
 * contracts) lists them, for the suites that check every route: the authorization matrix
 * and the fuzz suite. A new route joins them by being registered.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  $ref?: string;
  [keyword: string]: unknown;
};

export interface Field {
  name: string;
  in: 'path' | 'query' | 'body';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** 'GET /api/scans/{id}': how the suites name an operation. */
  key: string;
  method: string;
  /** The OpenAPI path, parameters in braces. */
  path: string;
  pathParams: Field[];
  queryParams: Field[];
  /** The JSON body's schema, $refs resolved; undefined when the operation takes none. */
  body?: JsonSchema;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export async function apiOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const resolve = (schema: JsonSchema, seen: string[] = []): JsonSchema => {
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      // A schema that contains itself is not expanded again.
      if (seen.includes(name)) return {};
      return resolve(document.components?.schemas?.[name] ?? {}, [...seen, name]);
    }
    const resolved: JsonSchema = { ...schema };
    if (schema.properties) resolved.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, seen)]));
    if (schema.items) resolved.items = resolve(schema.items, seen);
    if (schema.anyOf) resolved.anyOf = schema.anyOf.map((s) => resolve(s, seen));
    return resolved;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []).map((p): Field => ({ name: p.name, in: p.in as Field['in'], required: p.required === true, schema: resolve(p.schema) }));
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        ...(bodySchema ? { body: resolve(bodySchema) } : {}),
      });
    }
  }
  return operations.sort((a, b) => a.key.localeCompare(b.key));
}

/** The JSON body's fields, from its schema; a nested object's as 'parent.child'. */
export function bodyFields(operation: Operation): Field[] {
  const fields: Field[] = [];
  const walk = (schema: JsonSchema, prefix: string) => {
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      const path = `${prefix}${name}`;
      fields.push({ name: path, in: 'body', required: schema.required?.includes(name) ?? false, schema: child });
      walk(child, `${path}.`);
    }
  };
  if (operation.body) walk(operation.body, '');
  return fields;
}

/** A copy of a JSON body with the value at a field's dotted path set (objects made on the way), or removed when undefined. */
export function withFieldValue(body: unknown, field: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  const path = field.split('.');
  let parent = copy;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    parent = (parent[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

/**
 * How a path parameter is named in the fixture maps: the last fixed segment before it and
 * everything after, e.g. 'scans/{id}', 'records/{recordId}', 'objects/{objectType}/{id}'.
 */
export function pathParamKey(operation: Operation, param: string): string {
  const segments = operation.path.split('/');
  const at = segments.indexOf(`{${param}}`);
  let start = at - 1;
  while (start > 0 && segments[start]!.startsWith('{')) start--;
  return segments.slice(start, at + 1).join('/');
}

/** Whether a path parameter names one of our rows (an integer id) rather than a HubSpot id or a word. */
export function namesRow(field: Field): boolean {
  return field.schema.type === 'integer';
}

/**
 * The operation's URL with its path parameters filled from `values` (keyed by pathParamKey;
 * values are inserted as they are, already encoded) and a query string appended.
 */
export function operationUrl(operation: Operation, values: Readonly<Record<string, string>>, query = ''): string {
  let url = operation.path;
  for (const param of operation.pathParams) {
    const key = pathParamKey(operation, param.name);
    const value = values[key];
    if (value === undefined) {
      throw new Error(`${operation.key}: no value for the path parameter {${param.name}}. Add '${key}' to the owner's path values in src/server/test/route-fixtures.ts (ownerPathValues).`);
    }
    url = url.replace(`{${param.name}}`, value);
  }
  return query ? `${url}?${query}` : url;
}

/** Every route Fastify registered, from its route tree (printRoutes); HEAD routes Fastify adds itself are left out. */
export function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}

/** Fastify's ':id' and '*' as OpenAPI writes them: '{id}', '{*}'. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

export interface SentRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** The raw body as sent. */
  payload?: string;
  remoteAddress?: string;
}

/** A request as a developer reads it in a failure message, long values cut. */
export function describeRequest(request: SentRequest): string {
  const { 'content-type': contentType, ...others } = request.headers ?? {};
  const headers = Object.keys(others).length > 0 ? ` headers ${cut(JSON.stringify(others))}` : '';
  const body = request.payload === undefined ? '' : ` ${contentType ?? ''} ${cut(request.payload)}`;
  return `${request.method} ${cut(request.url)}${headers}${body}`;
}

export function cut(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

/** Sends a request; a request that gets no answer within the deadline is reported, not waited on forever. */
export async function send(app: FastifyInstance, request: SentRequest, cookie: string | undefined, timeoutMs = 20_000): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    // A request's own cookies (a malformed one, say) go beside the caller's session.
    headers: { ...request.headers, ...(cookie ? { cookie: [request.headers?.cookie, cookie].filter(Boolean).join('; ') } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms: ${describeRequest(request)}`)), timeoutMs);
  });
  try {
    return await Promise.race([app.inject(options), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
