import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { localOnly } from '../../http/local-only';
import { readOutbox } from './mailer';

const outboxListSchema = z
  .object({
    emails: z.array(z.object({ id: z.string(), kind: z.string(), to: z.string(), subject: z.string(), link: z.string().optional(), sentAt: z.string(), url: z.string() })),
  })
  .meta({ id: 'DevOutbox' });

/**
 * The development outbox in the browser: where emails go when no SMTP server is set.
 * Registered only outside production, and answering only this machine: the emails hold
 * other people's verification and reset links.
 */
export function outboxRoutes({ config }: { config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', localOnly);

    app.get(
      '/api/dev/outbox',
      { schema: { tags: ['development'], summary: 'Emails written to the development outbox, newest first', response: { 200: outboxListSchema } } },
      async () => ({
        emails: (await readOutbox(config.dataDir, { limit: 100 })).map(({ id, kind, to, subject, link, sentAt }) => ({ id, kind, to, subject, sentAt, url: `/api/dev/outbox/${id}`, ...(link ? { link } : {}) })),
      }),
    );

    app.get(
      '/api/dev/outbox/:id',
      {
        schema: {
          tags: ['development'],
          summary: 'One outbox email as its recipient would see it',
          params: z.object({ id: z.string().regex(/^[\w-]+$/, 'must be an outbox email id') }),
          response: { 200: z.string(), 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        try {
          const html = await readFile(path.join(config.dataDir, 'outbox', `${request.params.id}.html`), 'utf8');
          return reply.type('text/html; charset=utf-8').send(html);
        } catch {
          throw new HttpError(404, 'NOT_FOUND', 'No such email in the outbox.');
        }
      },
    );
  };
}
