import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { objectRecordPageSchema, objectRecordParamsSchema, objectRecordSchema, objectRecordsQuerySchema, objectTypeParamsSchema } from '../../../shared/contracts/objects';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser } from '../auth';
import { findObjectRecord, listObjectRecords } from './object-queries';
import { sendObjectRecordsCsv } from './object-records-csv';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const ONE: Record<ObjectType, string> = { contacts: 'contact', companies: 'company', deals: 'deal', tickets: 'ticket' };

/** The mirrored HubSpot records with their quality flags: the signed-in user's only. */
export function objectRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  const guard = requireUser(db);

  return async (app) => {
    app.get(
      '/api/objects/:objectType',
      {
        preHandler: guard,
        schema: {
          tags: ['objects'],
          summary: 'Live records of one object type, searched, filtered by a quality flag and paged, with the count of each flag',
          params: objectTypeParamsSchema,
          querystring: objectRecordsQuerySchema,
          response: { 200: objectRecordPageSchema, ...errors },
        },
      },
      async (request) => listObjectRecords(db, signedInUser(request).id, request.params.objectType, request.query),
    );

    app.get(
      '/api/objects/:objectType/records.csv',
      {
        preHandler: guard,
        schema: {
          tags: ['objects'],
          summary: "One quality list of an object type (the list's flag, search and order) as CSV, every page of it",
          params: objectTypeParamsSchema,
          querystring: objectRecordsQuerySchema,
          response: { 200: z.string().meta({ description: 'text/csv' }), ...errors },
        },
      },
      async (request, reply) => {
        const { flag, search, sort } = request.query;
        return sendObjectRecordsCsv(reply, db, signedInUser(request).id, request.params.objectType, { flag, search, sort });
      },
    );

    app.get(
      '/api/objects/:objectType/:id',
      {
        preHandler: guard,
        schema: {
          tags: ['objects'],
          summary: 'One record with every property, its quality flags and the pending duplicate groups it is in',
          params: objectRecordParamsSchema,
          response: { 200: objectRecordSchema, 404: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const { objectType, id } = request.params;
        const result = await findObjectRecord(db, signedInUser(request).id, objectType, id);
        const one = ONE[objectType];
        if (!result) throw new HttpError(404, 'NOT_FOUND', `No ${one} with id ${id} in your HubSpot data.`);
        if ('gone' in result) {
          const merged = result.gone.mergedIntoId;
          throw new HttpError(404, 'NOT_FOUND', merged ? `This ${one} was merged into ${one} ${merged} in HubSpot.` : `This ${one} was deleted in HubSpot.`);
        }
        return result.found;
      },
    );
  };
}
