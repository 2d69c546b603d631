/**
 * Owners (`GET /crm/v3/owners`) and pipelines (`GET /crm/v3/pipelines/{objectType}`) in
 * HubSpot's response shapes: the names behind the owner, pipeline and stage ids the seeded
 * records hold (the portal's owners and pipelines, from src/synthetic-crm's catalog).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, validationError } from './hubspot-errors';
import { OWNERS_SCOPE, resolveObjectType, scopesFor } from './object-types';
import type { Portal, SandboxOwner, SandboxPipeline } from './portal';
import type { SandboxState } from './sandbox-state';

const OWNERS_MAX_LIMIT = 500;
const OWNERS_DEFAULT_LIMIT = 100;
/** Fixed, so responses stay the same from start to start. */
const CREATED_AT = '2021-03-15T09:12:44.120Z';
const UPDATED_AT = '2024-11-02T16:40:09.801Z';

const ownersQuery = z.object({
  email: z.string().optional(),
  after: z.string().regex(/^\d+$/, 'must be a paging cursor this API gave out').optional(),
  limit: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).optional(),
  archived: z.enum(['true', 'false']).optional(),
});

function ownerResponse(owner: SandboxOwner, index: number): Record<string, unknown> {
  const userId = 7_100_000 + index;
  return {
    id: owner.id,
    email: owner.email,
    type: 'PERSON',
    firstName: owner.firstName,
    lastName: owner.lastName,
    // A deactivated user keeps only userIdIncludingInactive.
    ...(owner.archived ? {} : { userId }),
    userIdIncludingInactive: userId,
    createdAt: CREATED_AT,
    updatedAt: UPDATED_AT,
    archived: owner.archived,
    teams: [{ id: String(4_100_001 + (index % 2)), name: index % 2 === 0 ? 'Sales' : 'Support', primary: true }],
  };
}

function stageMetadata(type: 'deals' | 'tickets', id: string, index: number, count: number): Record<string, string> {
  if (type === 'tickets') {
    const closed = index === count - 1;
    return { ticketState: closed ? 'CLOSED' : 'OPEN', isClosed: String(closed) };
  }
  const won = id === 'closedwon';
  const closed = won || id === 'closedlost';
  return { isClosed: String(closed), probability: closed ? (won ? '1.0' : '0.0') : Math.min(0.9, 0.2 + 0.2 * index).toFixed(1) };
}

function pipelineResponse(type: 'deals' | 'tickets', pipeline: SandboxPipeline): Record<string, unknown> {
  return {
    id: pipeline.id,
    label: pipeline.label,
    displayOrder: 0,
    createdAt: CREATED_AT,
    updatedAt: UPDATED_AT,
    archived: false,
    stages: pipeline.stages.map((stage, index, all) => ({
      id: stage.id,
      label: stage.label,
      displayOrder: index,
      metadata: stageMetadata(type, stage.id, index, all.length),
      createdAt: CREATED_AT,
      updatedAt: UPDATED_AT,
      archived: false,
      writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT',
    })),
  };
}

function pipelineTypeOf(request: FastifyRequest): 'deals' | 'tickets' {
  const segment = (request.params as { objectType: string }).objectType;
  const type = resolveObjectType(segment);
  if (type === 'deals' || type === 'tickets') return type;
  throw validationError(type ? `Object type ${type} does not support pipelines.` : `Unable to infer object type from: ${segment}`);
}

export function registerOwnerPipelineRoutes(app: FastifyInstance, state: SandboxState): void {
  const ownersOf = (request: FastifyRequest, reply: FastifyReply): Portal => state.authorize(request, reply, { kind: 'standard', scopes: [OWNERS_SCOPE] }).portal;

  const listOwners = async (request: FastifyRequest, reply: FastifyReply) => {
    const portal = ownersOf(request, reply);
    const parsed = ownersQuery.safeParse(request.query ?? {});
    if (!parsed.success) throw validationError(`Invalid query: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const { email, after, limit = OWNERS_DEFAULT_LIMIT, archived } = parsed.data;
    if (limit < 1 || limit > OWNERS_MAX_LIMIT) throw validationError(`limit must be from 1 to ${OWNERS_MAX_LIMIT}.`);
    const owners = portal.owners
      .map(ownerResponse)
      .filter((o) => o.archived === (archived === 'true'))
      .filter((o) => !email || o.email === email.toLowerCase());
    const start = after ? Number(after) : 0;
    const results = owners.slice(start, start + limit);
    if (start + limit >= owners.length) return { results };
    const next = String(start + limit);
    const link = new URL(request.url, `${request.protocol}://${request.host}`);
    link.searchParams.set('after', next);
    return { results, paging: { next: { after: next, link: link.toString() } } };
  };
  // The SDK asks for /crm/v3/owners/ with the slash; HubSpot answers both.
  app.get('/crm/v3/owners', listOwners);
  app.get('/crm/v3/owners/', listOwners);

  app.get('/crm/v3/owners/:ownerId', async (request, reply) => {
    const portal = ownersOf(request, reply);
    const id = (request.params as { ownerId: string }).ownerId;
    const index = portal.owners.findIndex((o) => o.id === id);
    if (index < 0) throw notFound(`Owner with id ${id} not found.`);
    return ownerResponse(portal.owners[index]!, index);
  });

  app.get('/crm/v3/pipelines/:objectType', async (request, reply) => {
    const type = pipelineTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'read') });
    return { results: [pipelineResponse(type, portal.pipelines[type])] };
  });

  app.get('/crm/v3/pipelines/:objectType/:pipelineId', async (request, reply) => {
    const type = pipelineTypeOf(request);
    const { portal } = state.authorize(request, reply, { kind: 'standard', scopes: scopesFor(type, 'read') });
    const id = (request.params as { pipelineId: string }).pipelineId;
    if (id !== portal.pipelines[type].id) throw notFound(`Unable to find pipeline ${id}.`);
    return pipelineResponse(type, portal.pipelines[type]);
  });
}
