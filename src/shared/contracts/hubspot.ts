import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';

export const hubspotStatusSchema = z
  .object({
    connected: z.boolean(),
    authType: z.enum(['oauth', 'private_app']).nullable(),
    hubId: z.string().nullable(),
    hubDomain: z.string().nullable(),
    /** What to call the portal: its name, else its domain, else "Portal <id>" (shared/portal-name.ts). */
    portalName: z.string().nullable(),
    connectedAt: z.iso.datetime().nullable(),
    /** Whether this server can connect with OAuth (HUBSPOT_CLIENT_ID and _SECRET set); a private-app token always works. */
    oauthAvailable: z.boolean(),
    /** Set when HubSpot stopped accepting the connection: the user must connect again. */
    problem: z.string().nullable(),
    mirror: z.array(
      z.object({
        objectType: z.enum(OBJECT_TYPES),
        records: z.number().int(),
        lastSyncCompletedAt: z.iso.datetime().nullable(),
      }),
    ),
  })
  .meta({ id: 'HubSpotStatus' });

export const privateAppTokenRequestSchema = z
  .object({
    accessToken: z
      .string()
      .trim()
      .min(10, 'Paste the access token of your HubSpot private app')
      .max(500)
      .regex(/^[\w-]+$/, 'A HubSpot access token has only letters, digits, - and _'),
  })
  .meta({ id: 'PrivateAppTokenRequest' });

export type HubSpotStatus = z.infer<typeof hubspotStatusSchema>;
