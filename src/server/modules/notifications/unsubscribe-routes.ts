import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { renderPage, type PageContent } from './email-templates';
import { isSubscribed, readUnsubscribeToken, unsubscribe, UNSUBSCRIBE_PATH, UNSUBSCRIBE_WORDS, type UnsubscribeKind } from './unsubscribe';

const querySchema = z.object({
  token: z.string({ error: 'token is missing: use the whole link from the email' }).min(1, 'token is missing: use the whole link from the email').max(200, 'token is too long: use the link from the email as it is'),
});

const confirmationSchema = z.object({ message: z.string() }).meta({ id: 'UnsubscribeResult' });

const BAD_LINK = 'This unsubscribe link is not valid: it may have been cut off or changed. Use the whole link from the email, or turn emails off in Settings, Notifications.';
const GONE = 'This account no longer exists, so it gets no more emails.';

/** A person's browser asks for HTML; mail providers' one-click POSTs and scripts get JSON errors. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const wantsJson = (request: FastifyRequest) => !wantsHtml(request) && (request.headers.accept ?? '').includes('application/json');

function page(reply: FastifyReply, status: number, content: PageContent) {
  // A link in an email may be opened anywhere; the page holds nothing worth caching or framing.
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderPage(content));
}

/**
 * Unsubscribing without signing in: the signed token in the link is the authority. GET only
 * shows what would change (mail scanners open links), the form on it or a mail client's
 * one-click POST (RFC 8058) makes the change.
 */
export function unsubscribeRoutes({ db, config }: { db: Db; config: Config }): FastifyPluginAsyncZod {
  const settingsLink = { label: 'Open notification settings', url: `${config.publicUrl}/settings` };

  async function check(request: FastifyRequest, reply: FastifyReply, token: string): Promise<{ userId: number; kind: UnsubscribeKind } | null> {
    const target = await readUnsubscribeToken(config, token);
    if (target) return target;
    if (!wantsHtml(request)) throw new HttpError(400, 'INVALID_UNSUBSCRIBE_LINK', BAD_LINK);
    await page(reply, 400, { heading: 'This link does not work', paragraphs: [BAD_LINK], link: settingsLink });
    return null;
  }

  async function gone(request: FastifyRequest, reply: FastifyReply) {
    if (!wantsHtml(request)) throw new HttpError(404, 'ACCOUNT_NOT_FOUND', GONE);
    return page(reply, 404, { heading: 'Nothing to unsubscribe from', paragraphs: [GONE] });
  }

  return async (app) => {
    // Mail providers post `List-Unsubscribe=One-Click` as a form, others post nothing or anything: the body is never read.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, undefined));

    app.get(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          tags: ['notifications'],
          summary: 'A page that says what the unsubscribe link turns off, with a button to do it (changes nothing itself)',
          querystring: querySchema,
          response: { 200: z.string().describe('HTML page'), 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const target = await check(request, reply, request.query.token);
        if (!target) return reply;
        const subscribed = await isSubscribed(db, target.userId, target.kind);
        if (subscribed === null) return gone(request, reply);
        const words = UNSUBSCRIBE_WORDS[target.kind];
        if (!subscribed) {
          return page(reply, 200, { heading: `${words.name} ${words.is} already off`, paragraphs: [`You already unsubscribed from ${words.what}. To get ${words.them} again, turn ${words.them} on in your notification settings.`], link: settingsLink });
        }
        return page(reply, 200, {
          heading: `Unsubscribe from ${words.name.toLowerCase()}?`,
          paragraphs: [`This stops ${words.what}. Emails about your account, such as password resets, still arrive.`],
          form: { label: 'Unsubscribe', action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}` },
          link: settingsLink,
        });
      },
    );

    app.post(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Turns off the emails the link names (one-click unsubscribe, RFC 8058); any body',
          querystring: querySchema,
          response: { 200: z.union([confirmationSchema, z.string().describe('HTML page')]), 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const target = await check(request, reply, request.query.token);
        if (!target) return reply;
        if (!(await unsubscribe(db, target.userId, target.kind))) return gone(request, reply);
        const words = UNSUBSCRIBE_WORDS[target.kind];
        request.log.info({ userId: target.userId, kind: target.kind }, 'unsubscribed by email link');
        const off = `${words.name} ${words.is} off`;
        if (wantsJson(request)) return { message: `${off}. Turn ${words.them} back on at any time in Settings, Notifications.` };
        return page(reply, 200, {
          heading: 'You are unsubscribed',
          paragraphs: [`${off}: you will no longer receive ${words.what}.`, `Changed your mind? Turn ${words.them} back on at any time in your notification settings.`],
          link: settingsLink,
        });
      },
    );
  };
}
