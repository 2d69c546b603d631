import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { secretBoxFor } from '../../security/secret-box';
import { allowsChatNotifications, CHAT_NOTIFICATIONS_NEED_PROFESSIONAL } from '../accounts';
import { cookieOptions, randomToken, requireUser, signedInUser } from '../auth';
import { slackWebClient } from './slack-client';
import { slackFailure } from './slack-errors';

export interface SlackInstallDependencies {
  db: Db;
  config: Config;
}

const INSTALL_PATH = '/api/settings/slack/install';
const CALLBACK_PATH = '/api/settings/slack/callback';
const STATE_COOKIE = 'dc_slack_oauth';
const STATE_LIFETIME_MS = 10 * 60_000;
/** Post, find the channel by name, read back (so a retry never posts twice), and pick a channel. */
const SLACK_INSTALL_SCOPES = ['chat:write', 'channels:read', 'channels:history', 'groups:read', 'groups:history', 'incoming-webhook'];
export const SLACK_INSTALL_NOT_CONFIGURED = 'Add to Slack is not configured on this server: paste a bot token instead.';
/** What the settings page accepts as a channel (contracts/settings.ts). */
const SAVABLE_CHANNEL = /^#?[\p{Ll}\p{N}_-]{1,80}$|^[CG][A-Z0-9]{6,}$/u;

const stateCookie = z.object({ state: z.string(), userId: z.number().int() });

/** Why an install did not finish, in words for the settings page; never a secret. */
class InstallProblem extends Error {}

function exchangeProblem(error: unknown, redirectUri: string): string {
  const failure = slackFailure(error);
  switch (failure.code) {
    case 'invalid_code':
      return 'The approval from Slack expired or was already used. Please use Add to Slack again.';
    case 'invalid_client_id':
    case 'bad_client_secret':
      return "Slack did not accept this server's Slack app settings (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET). Please tell your administrator, or paste a bot token instead.";
    case 'bad_redirect_uri':
      return `Slack did not accept this server's redirect URL. The Slack app's Redirect URLs must include ${redirectUri}.`;
    default:
      return failure.message;
  }
}

/**
 * "Add to Slack": the OAuth v2 install of a Slack app, when SLACK_CLIENT_ID and
 * SLACK_CLIENT_SECRET are set. It fills the bot token (sealed) and the channel picked in Slack,
 * and turns Slack notifications on. A cookie bound to the user carries the state.
 */
export function slackInstallRoutes(deps: SlackInstallDependencies): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const configured = Boolean(config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET);
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  const guard = requireUser(db);

  async function install(code: string, userId: number): Promise<void> {
    const result = await slackWebClient(config)
      .oauth.v2.access({ client_id: config.SLACK_CLIENT_ID!, client_secret: config.SLACK_CLIENT_SECRET!, code, redirect_uri: redirectUri })
      .catch((error: unknown) => {
        throw new InstallProblem(exchangeProblem(error, redirectUri));
      });
    if (result.token_type !== 'bot' || !result.access_token) throw new InstallProblem('Slack gave no bot token. Check that the Slack app has a bot user with the chat:write scope.');
    const webhook = result.incoming_webhook;
    const channel = [webhook?.channel, webhook?.channel_id].find((value): value is string => typeof value === 'string' && SAVABLE_CHANNEL.test(value));
    const secrets = await secretBoxFor(config);
    const values = { slackBotToken: secrets.seal(result.access_token), slackNotifications: true, ...(channel ? { slackChannel: channel } : {}), updatedAt: new Date() };
    await db
      .insert(userSettings)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: userSettings.userId, set: values });
  }

  return async (app) => {
    app.get(
      INSTALL_PATH,
      {
        preHandler: guard,
        schema: {
          tags: ['settings'],
          summary: 'Add to Slack: redirects to Slack to install the app and pick a channel',
          response: { 302: z.null().describe('To Slack'), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (!configured) throw new HttpError(404, 'SLACK_INSTALL_NOT_CONFIGURED', SLACK_INSTALL_NOT_CONFIGURED);
        const user = signedInUser(request);
        if (!allowsChatNotifications(user)) throw new HttpError(403, 'PLAN_REQUIRED', CHAT_NOTIFICATIONS_NEED_PROFESSIONAL);
        const state = randomToken();
        reply.setCookie(STATE_COOKIE, JSON.stringify({ state, userId: user.id }), { ...cookieOptions(config, request, new Date(Date.now() + STATE_LIFETIME_MS)), path: CALLBACK_PATH });
        const url = new URL(config.SLACK_AUTHORIZE_URL);
        url.search = new URLSearchParams({ client_id: config.SLACK_CLIENT_ID!, scope: SLACK_INSTALL_SCOPES.join(','), redirect_uri: redirectUri, state }).toString();
        return reply.redirect(url.toString());
      },
    );

    app.get(
      CALLBACK_PATH,
      {
        preHandler: guard,
        schema: {
          tags: ['settings'],
          summary: 'Where Slack sends the user back after Add to Slack; redirects to the settings page with the outcome',
          querystring: z.object({ code: z.string().max(512).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
          response: { 302: z.null().describe('To /settings?slack=connected or ?slack=error&reason=...'), 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const saved = parseStateCookie(request.cookies[STATE_COOKIE]);
        reply.clearCookie(STATE_COOKIE, { ...cookieOptions(config, request), path: CALLBACK_PATH });
        const back = (outcome: Record<string, string>) => reply.redirect(`/settings?${new URLSearchParams(outcome).toString()}#slack`);
        const fail = (reason: string) => back({ slack: 'error', reason });
        const { code, state, error } = request.query;

        if (!saved || !state || saved.state !== state || saved.userId !== user.id) return fail('The Add to Slack link expired or was opened in another browser. Please use Add to Slack again.');
        if (error === 'access_denied') return fail('Slack was not added: the installation was cancelled in Slack.');
        if (error || !code) return fail(`Slack did not complete the installation (${error ?? 'no code'}). Please use Add to Slack again.`);
        if (!configured) return fail(SLACK_INSTALL_NOT_CONFIGURED);
        if (!allowsChatNotifications(user)) return fail(CHAT_NOTIFICATIONS_NEED_PROFESSIONAL);
        try {
          await install(code, user.id);
          return back({ slack: 'connected' });
        } catch (caught) {
          if (!(caught instanceof InstallProblem)) throw caught;
          request.log.warn({ reason: caught.message }, 'Add to Slack did not finish');
          return fail(caught.message);
        }
      },
    );
  };
}

function parseStateCookie(raw: string | undefined): z.infer<typeof stateCookie> | null {
  if (!raw) return null;
  try {
    const parsed = stateCookie.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
