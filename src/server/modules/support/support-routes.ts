import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { SUPPORT_TOPIC_LABELS, supportMessageRequestSchema, supportMessageResponseSchema } from '../../../shared/contracts/support';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { currentSession, Limit } from '../auth';
import { supportMessageEmail, type Mailer } from '../notifications';

export interface SupportDependencies {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** The Support page's form: a message to SUPPORT_EMAIL, with the sender as Reply-To. */
export function supportRoutes({ db, config, mailer }: SupportDependencies): FastifyPluginAsyncZod {
  // Messages per IP address, shared by every process: a form anyone can post must not become a way to flood the inbox.
  const perIp = new Limit(db, 'support-ip', 5, 3600);
  return async (app) => {
    app.post(
      '/api/support/messages',
      {
        schema: {
          tags: ['support'],
          summary: 'Send a message to support; anyone may, signed in or not',
          body: supportMessageRequestSchema,
          response: { 202: supportMessageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await perIp.take(request.ip, reply);
        const session = await currentSession(db, request);
        const { email, name, topic, message } = request.body;
        const rendered = supportMessageEmail({ email, name, topic: SUPPORT_TOPIC_LABELS[topic], text: message, accountId: session?.user.id ?? null, accountEmail: session?.user.email ?? null });
        try {
          await mailer.send({ ...rendered, to: config.SUPPORT_EMAIL, kind: 'support', replyTo: email });
        } catch {
          throw new HttpError(502, 'EMAIL_DELIVERY_FAILED', 'Your message could not be sent just now. Please try again in a few minutes.');
        }
        return reply.status(202).send({ message: `Thanks, we got your message and will answer ${email} within one business day.` });
      },
    );
  };
}
