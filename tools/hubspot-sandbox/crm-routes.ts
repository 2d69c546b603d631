/** The CRM object and property endpoints of HUBSPOT.md. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { conflict, notFound, validationError } from './hubspot-errors';
import { mergeRecords } from './merge-records';
import { propertyScopesFor, resolveObjectType, scopesFor, type ObjectType } from './object-types';
import { propertyDefinition, propertyDefinitions } from '../../src/synthetic-crm';
import { propertyResponse } from './property-response';
import { filledProperties, renderRecord, selectProperties } from './record-response';
import { RecordState, type RecordStore } from './record-store';
import type { SandboxState } from './sandbox-state';
import { OPERATORS, searchRecords, type SearchSort } from './search-records';
import { normalizeWrite } from './write-validation';

const MAX_LIST_LIMIT = 100;
const DEFAULT_LIMIT = 10;
const MAX_BATCH_INPUTS = 100;

const SINGULAR: Record<ObjectType, string> = { contacts: 'CONTACT', companies: 'COMPANY', deals: 'DEAL', tickets: 'TICKET' };

/** `properties=a&properties=b` and `properties=a,b` alike. */
const nameList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value])
          .flatMap((item) => item.split(','))
          .map((item) => item.trim())
          .filter(Boolean),
  );
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');
const integerText = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).optional();

const listQuery = z.object({ limit: integerText, after: z.string().optional(), properties: nameList, propertiesWithHistory: nameList, archived: flag });
const getQuery = z.object({ properties: nameList, propertiesWithHistory: nameList, archived: flag, idProperty: z.string().optional() });
const archivedQuery = z.object({ archived: flag });
const idPropertyQuery = z.object({ idProperty: z.string().optional() });

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const idValue = z.union([z.string(), z.number()]).transform(String);
const propertyValues = z.record(z.string(), scalar.nullable());

const batchReadBody = z.object({
  inputs: z.array(z.object({ id: idValue })),
  properties: z.array(z.string()).nullish(),
  propertiesWithHistory: z.array(z.string()).nullish(),
  idProperty: z.string().nullish(),
});

const filter = z.object({
  propertyName: z.string().min(1),
  operator: z.enum(OPERATORS),
  value: scalar.nullish(),
  values: z.array(scalar).nullish(),
  highValue: scalar.nullish(),
});
const sort = z.union([
  z.string().min(1),
  z.object({ propertyName: z.string().min(1), direction: z.enum(['ASCENDING', 'DESCENDING']).nullish() }),
]);
const searchBody = z.object({
  filterGroups: z.array(z.object({ filters: z.array(filter).nullish() })).nullish(),
  sorts: z.array(sort).nullish(),
  properties: z.array(z.string()).nullish(),
  limit: z.number().int().nullish(),
  after: z.union([z.string(), z.number()]).nullish(),
  query: z.string().max(3000).nullish(),
});
const writeBody = z.object({ properties: propertyValues, associations: z.array(z.unknown()).nullish() });
const mergeBody = z.object({ primaryObjectId: idValue, objectIdToMerge: idValue });

function parse<T extends z.ZodType>(schema: T, input: unknown, what: 'body' | 'query'): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => `${issue.path.join('.') || what}: ${issue.message}`).join('; ');
  throw validationError(what === 'body' ? `Invalid input JSON: ${details}` : `Invalid query: ${details}`);
}

function objectTypeOf(request: FastifyRequest): ObjectType {
  const segment = (request.params as { objectType: string }).objectType;
  const type = resolveObjectType(segment);
  if (!type) throw validationError(`Unable to infer object type from: ${segment}`);
  return type;
}

/** The list cursor: opaque to callers, the last id of the page to the sandbox. */
const encodeCursor = (id: number): string => Buffer.from(`id:${id}`).toString('base64url');

function decodeCursor(after: string): number {
  const match = /^id:(\d+)$/.exec(Buffer.from(after, 'base64url').toString());
  if (!match) throw validationError(`Invalid after: ${after} is not a paging cursor this API gave out.`);
  return Number(match[1]);
}

/** A record by id (or a unique property), following merges; -1 when none. */
function findSlot(store: RecordStore, id: string, idProperty: string | null | undefined): number {
  if (!idProperty || idProperty === 'hs_object_id') return store.resolve(id);
  if (idProperty === 'email' && store.type === 'contacts') return store.findByEmail(id);
  throw validationError(`${idProperty} is not a unique property of ${store.type}.`);
}

function objectNotFound(id: string): Error {
  return notFound('Object not found.  objectId are usually numeric.', { id: [id] });
}

function nextLink(request: FastifyRequest, after: string): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('after', after);
  return url.toString();
}

export function registerCrmRoutes(app: FastifyInstance, state: SandboxState): void {
  const now = () => state.clock.now();

  app.get('/crm/v3/objects/:objectType', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'read') });
    const query = parse(listQuery, request.query, 'query');
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (limit < 1) throw validationError('limit must be at least 1.');
    const store = portal.store(type);
    const page = store.page(query.after ? decodeCursor(query.after) : 0, Math.min(limit, MAX_LIST_LIMIT), query.archived);
    const properties = selectProperties(type, query.properties);
    const results = page.slots.map((slot) => renderRecord(store, slot, properties, query.propertiesWithHistory));
    const last = page.slots[page.slots.length - 1];
    if (!page.more || last === undefined) return { results };
    const after = encodeCursor(store.idOf(last));
    return { results, paging: { next: { after, link: nextLink(request, after) } } };
  });

  app.get('/crm/v3/objects/:objectType/:objectId', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'read') });
    const query = parse(getQuery, request.query, 'query');
    const id = (request.params as { objectId: string }).objectId;
    const store = portal.store(type);
    const slot = findSlot(store, id, query.idProperty);
    const wanted = query.archived ? RecordState.Archived : RecordState.Live;
    if (slot < 0 || store.stateOf(slot) !== wanted) throw objectNotFound(id);
    return renderRecord(store, slot, selectProperties(type, query.properties), query.propertiesWithHistory);
  });

  app.post('/crm/v3/objects/:objectType/batch/read', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'read') });
    const { archived } = parse(archivedQuery, request.query, 'query');
    const body = parse(batchReadBody, request.body, 'body');
    if (body.inputs.length > MAX_BATCH_INPUTS) {
      throw validationError(`Too many inputs: ${body.inputs.length}; a batch takes at most ${MAX_BATCH_INPUTS}.`);
    }
    const startedAt = new Date(now()).toISOString();
    const store = portal.store(type);
    const properties = selectProperties(type, body.properties ?? undefined);
    const wanted = archived ? RecordState.Archived : RecordState.Live;
    const slots = new Set<number>();
    const missing: string[] = [];
    for (const { id } of body.inputs) {
      const slot = findSlot(store, id, body.idProperty);
      if (slot >= 0 && store.stateOf(slot) === wanted) slots.add(slot);
      else if (!missing.includes(id)) missing.push(id);
    }
    const results = [...slots].map((slot) => renderRecord(store, slot, properties, body.propertiesWithHistory ?? []));
    const completedAt = new Date(now()).toISOString();
    if (missing.length === 0) return { status: 'COMPLETE', results, startedAt, completedAt };
    return reply.code(207).send({
      status: 'COMPLETE',
      results,
      numErrors: 1,
      errors: [
        {
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: `Could not get some ${SINGULAR[type]} objects, they may be deleted or not exist. Check that ids are valid.`,
          context: { ids: missing },
        },
      ],
      startedAt,
      completedAt,
    });
  });

  app.post('/crm/v3/objects/:objectType/search', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'search', scopes: scopesFor(type, 'read') });
    const body = parse(searchBody, request.body, 'body');
    const afterText = body.after === undefined || body.after === null ? '0' : String(body.after);
    if (!/^\d+$/.test(afterText)) throw validationError(`Invalid after: ${afterText} is not a paging offset.`);
    const sorts: SearchSort[] = (body.sorts ?? []).map((item) =>
      typeof item === 'string'
        ? { propertyName: item.replace(/^-/, ''), direction: item.startsWith('-') ? 'DESCENDING' : 'ASCENDING' }
        : { propertyName: item.propertyName, direction: item.direction ?? 'ASCENDING' },
    );
    const store = portal.store(type);
    const outcome = searchRecords(store, {
      filterGroups: (body.filterGroups ?? []).map((group) => ({
        filters: (group.filters ?? []).map((f) => ({
          propertyName: f.propertyName,
          operator: f.operator,
          value: f.value ?? undefined,
          values: f.values ?? undefined,
          highValue: f.highValue ?? undefined,
        })),
      })),
      sorts,
      query: body.query ?? undefined,
      limit: body.limit ?? DEFAULT_LIMIT,
      after: Number(afterText),
    });
    const properties = selectProperties(type, body.properties ?? undefined);
    const results = outcome.slots.map((slot) => renderRecord(store, slot, properties));
    return { total: outcome.total, results, ...(outcome.nextAfter !== undefined ? { paging: { next: { after: String(outcome.nextAfter) } } } : {}) };
  });

  app.post('/crm/v3/objects/:objectType', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'write') });
    const body = parse(writeBody, request.body, 'body');
    const values = normalizeWrite(type, body.properties);
    const store = portal.store(type);
    checkUniqueEmail(store, values.get('email'), -1);
    const time = now();
    const createdate = values.get('createdate');
    values.delete('createdate');
    const slot = store.append({
      createdAt: createdate ? Number(createdate) : time,
      updatedAt: time,
      properties: Object.fromEntries(values),
    });
    return reply.code(201).send(renderRecord(store, slot, filledProperties(store, slot)));
  });

  app.patch('/crm/v3/objects/:objectType/:objectId', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'write') });
    const { idProperty } = parse(idPropertyQuery, request.query, 'query');
    const body = parse(writeBody, request.body, 'body');
    const id = (request.params as { objectId: string }).objectId;
    const store = portal.store(type);
    const slot = findSlot(store, id, idProperty);
    if (slot < 0 || store.stateOf(slot) !== RecordState.Live) throw objectNotFound(id);
    const values = normalizeWrite(type, body.properties);
    checkUniqueEmail(store, values.get('email'), slot);
    for (const [name, value] of values) store.set(slot, name, value);
    store.touch(slot, now());
    return renderRecord(store, slot, filledProperties(store, slot));
  });

  app.delete('/crm/v3/objects/:objectType/:objectId', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'write') });
    const store = portal.store(type);
    const slot = store.resolve((request.params as { objectId: string }).objectId);
    // HubSpot answers 204 whether or not there was a record to archive.
    if (slot >= 0) store.archive(slot, now());
    return reply.code(204).send();
  });

  app.post('/crm/v3/objects/:objectType/merge', async (request, reply) => {
    const type = objectTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'write') });
    const body = parse(mergeBody, request.body, 'body');
    const store = portal.store(type);
    const slot = mergeRecords(store, body.primaryObjectId, body.objectIdToMerge, { now: now(), salesforceIntegration: portal.salesforceIntegration });
    return renderRecord(store, slot, filledProperties(store, slot));
  });

  app.get('/crm/v3/properties/:objectType', async (request, reply) => {
    const type = objectTypeOf(request);
    state.authorize(request, reply, { kind: 'standard', scopes: propertyScopesFor(type) });
    const { archived } = parse(archivedQuery, request.query, 'query');
    // The sandbox has no archived property definitions.
    return { results: archived ? [] : propertyDefinitions(type).map((definition, i) => propertyResponse(definition, i)) };
  });

  app.get('/crm/v3/properties/:objectType/:propertyName', async (request, reply) => {
    const type = objectTypeOf(request);
    state.authorize(request, reply, { kind: 'standard', scopes: propertyScopesFor(type) });
    const name = (request.params as { propertyName: string }).propertyName;
    const definition = propertyDefinition(type, name);
    if (!definition) throw notFound(`Unable to find property ${name} for object type ${type}.`, { propertyName: [name] });
    return propertyResponse(definition, propertyDefinitions(type).indexOf(definition));
  });
}

/** HubSpot keeps one contact per email, case ignored. */
function checkUniqueEmail(store: RecordStore, email: string | null | undefined, self: number): void {
  if (store.type !== 'contacts' || !email) return;
  const existing = store.findByEmail(email);
  if (existing >= 0 && existing !== self) throw conflict(`Contact already exists. Existing ID: ${store.idOf(existing)}`);
}
