import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';

export const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export const scanProgressSchema = z
  .object({
    phase: z.enum(['queued', 'syncing', 'analyzing', 'saving', 'done']),
    objectType: z.string().nullable(),
    completedTypes: z.number().int(),
    recordsFetched: z.number().int(),
    recordsExpected: z.number().int().nullable(),
    pairsCompared: z.number().int(),
    percent: z.number().min(0).max(100),
    message: z.string(),
  })
  .meta({ id: 'ScanProgress' });

export const scanRunSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(SCAN_STATUSES),
    objectTypes: z.array(z.enum(OBJECT_TYPES)),
    trigger: z.enum(['manual', 'schedule', 'api']),
    progress: scanProgressSchema,
    /** Why the scan failed, in words a user can act on. */
    errorMessage: z.string().nullable(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    results: z.array(
      z.object({
        scanId: z.number().int(),
        objectType: z.enum(OBJECT_TYPES),
        totalRecords: z.number().int(),
        duplicateRecords: z.number().int(),
        healthScore: z.number(),
      }),
    ),
  })
  .meta({ id: 'ScanRun' });

export const startScanRequestSchema = z
  .object({
    /** Defaults to the objectsToAnalyze setting. */
    objectTypes: z.array(z.enum(OBJECT_TYPES)).min(1, 'Choose at least one object type to scan').optional(),
  })
  .meta({ id: 'StartScanRequest' });

export type ScanRun = z.infer<typeof scanRunSchema>;
export type ScanProgressView = z.infer<typeof scanProgressSchema>;
