import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';

export const RECOMMENDATION_SEVERITIES = ['high', 'medium', 'low'] as const;
export const RECOMMENDATION_ACTIONS = ['duplicates', 'records', 'settings', 'csv'] as const;
/** What a user may do with a recommendation: it then stays gone while its finding holds. */
export const RECOMMENDATION_STATES = ['dismissed', 'done'] as const;

export const recommendationActionSchema = z
  .object({
    kind: z.enum(RECOMMENDATION_ACTIONS),
    label: z.string(),
    /** An app path (the duplicates page filtered, an object list filtered by a quality flag, a settings section) or the CSV's API path. */
    href: z.string(),
  })
  .meta({ id: 'RecommendationAction' });

export const recommendationEvidenceSchema = z
  .object({
    /** Records the finding is about. */
    recordsAffected: z.number().int(),
    /** Records of the type the figure is measured against (the latest scan's, or the mirror's). */
    totalRecords: z.number().int(),
    /** recordsAffected of totalRecords, in percent (one decimal); null when there is nothing to divide by. */
    percent: z.number().nullable(),
    /** HubSpot properties or settings involved. */
    properties: z.array(z.string()),
    /** Every figure behind the finding, by name, as the rule measured it: a rewording may use only these. */
    figures: z.record(z.string(), z.number()),
  })
  .meta({ id: 'RecommendationEvidence' });

export const recommendationSchema = z
  .object({
    /** The rule and what it is about, e.g. low-fill-email:contacts: stable while the finding holds. */
    key: z.string(),
    rule: z.string(),
    objectType: z.enum(OBJECT_TYPES).nullable(),
    title: z.string(),
    /** Why it matters, in a sentence or two, with the evidence's figures. */
    explanation: z.string(),
    evidence: recommendationEvidenceSchema,
    expectedGain: z.object({
      /** Points the type's health score would gain, by the health formula; null when the formula cannot tell. */
      healthPoints: z.number().nullable(),
      /** Records merging would remove. */
      duplicatesRemoved: z.number().int().nullable(),
    }),
    severity: z.enum(RECOMMENDATION_SEVERITIES),
    action: recommendationActionSchema,
  })
  .meta({ id: 'Recommendation' });

export const recommendationListSchema = z
  .object({
    /** Most useful first. */
    recommendations: z.array(recommendationSchema),
    /** When the newest scan they rest on was stored; null before the first. */
    basedOnScanAt: z.iso.datetime().nullable(),
    /** Whether the AI reworded and ordered them (the figures are the rules' either way). */
    aiRewritten: z.boolean(),
    /** Findings the user dismissed or marked done that still hold. */
    hidden: z.number().int(),
  })
  .meta({ id: 'RecommendationList' });

export const recommendationKeyParamsSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'A recommendation key is required')
    .max(100, 'A recommendation key is at most 100 characters')
    .regex(/^[a-z0-9-]+(:[a-z]+)?$/, 'A recommendation key is a rule and an object type, such as low-fill-email:contacts'),
});

export const recommendationStateSchema = z
  .object({ key: z.string(), status: z.enum(RECOMMENDATION_STATES) })
  .meta({ id: 'RecommendationState' });

export type RecommendationSeverity = (typeof RECOMMENDATION_SEVERITIES)[number];
export type RecommendationAction = z.infer<typeof recommendationActionSchema>;
export type RecommendationEvidence = z.infer<typeof recommendationEvidenceSchema>;
export type Recommendation = z.infer<typeof recommendationSchema>;
export type RecommendationList = z.infer<typeof recommendationListSchema>;
export type RecommendationStatus = (typeof RECOMMENDATION_STATES)[number];
