import { z } from 'zod';

const componentStatus = z.enum(['ok', 'error']);

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']).describe('ok when every component is ok'),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: z.object({
      status: componentStatus,
      driver: z.enum(['pglite', 'postgres']),
      latencyMs: z.number().nullable(),
      error: z.string().optional(),
    }),
    queue: z.object({
      status: componentStatus,
      workersInProcess: z.boolean().describe('whether this process runs job workers'),
      error: z.string().optional(),
    }),
  })
  .meta({ id: 'Health' });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
