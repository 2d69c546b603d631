import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { lastScanResponseSchema, updateSettingsRequestSchema, userSettingsSchema } from '../../../shared/contracts/settings';
import { requireUser, signedInUser } from '../auth';
import { recentScanRuns } from '../scans';
import { readSettings, updateSettings, type SettingsDependencies } from './user-settings';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The user's settings (secrets write-only) and the summary of their last scan. */
export function settingsRoutes(deps: SettingsDependencies): FastifyPluginAsyncZod {
  const guard = requireUser(deps.db);

  return async (app) => {
    app.get(
      '/api/settings',
      { preHandler: guard, schema: { tags: ['settings'], summary: 'My settings, the defaults where I saved none; secrets only as has* flags', response: { 200: userSettingsSchema, ...errors } } },
      async (request) => readSettings(deps, signedInUser(request)),
    );

    app.put(
      '/api/settings',
      {
        preHandler: guard,
        schema: {
          tags: ['settings'],
          summary: 'Change some settings; secrets are set with a string and removed with null',
          body: updateSettingsRequestSchema,
          response: { 200: userSettingsSchema, 400: apiErrorSchema, ...errors },
        },
      },
      async (request) => updateSettings(deps, signedInUser(request), request.body),
    );

    app.get(
      '/api/settings/last-scan',
      { preHandler: guard, schema: { tags: ['settings'], summary: 'My newest scan run, or null before the first', response: { 200: lastScanResponseSchema, ...errors } } },
      async (request) => ({ lastScan: (await recentScanRuns(deps.db, signedInUser(request).id, 1))[0] ?? null }),
    );
  };
}
