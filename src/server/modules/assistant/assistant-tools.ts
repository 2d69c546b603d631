import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { ASSISTANT_RECORD_CAP, ASSISTANT_TOOLS, type AssistantToolName } from '../../../shared/contracts/assistant';
import { MAX_ROW_ID } from '../../../shared/contracts/ids';
import { QUALITY_FLAGS } from '../../../shared/contracts/objects';
import { OBJECT_TYPES } from '../../../shared/object-types';
import { PROPERTY_NAME_PATTERN } from '../objects';
import { GROUP_SORTS, listGroups, showGroup } from './duplicate-tools';
import { healthSummary } from './health-summary-tool';
import { describeFilter, qualityRecords } from './quality-records-tool';
import { matchingSettings, recommendationsTool } from './settings-tools';
import type { ToolContext, ToolResult } from './tool-context';

const objectType = z.enum(OBJECT_TYPES).describe('The HubSpot object type');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'a date such as 2026-01-01')
  .refine((value) => !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)), 'a real date');

/** Each tool's arguments: what the model is told (as JSON schema) and how what it sends is checked. */
const ARGUMENTS = {
  health_summary: z.object({ objectType: objectType.optional().describe('One type for its components and trend; leave out for every type') }),
  duplicate_groups: z.object({
    objectType: objectType.optional(),
    minConfidence: z.number().min(0).max(1).optional().describe('Only groups at least this certain, 0-1'),
    sort: z.enum(GROUP_SORTS).default('size').describe('size: most records first (the "most duplicates"); confidence: most certain first'),
    limit: z.number().int().min(1).max(20).default(10),
  }),
  duplicate_group: z.object({ id: z.number().int().min(1).max(MAX_ROW_ID).describe('The duplicate group id') }),
  quality_records: z.object({
    objectType,
    flag: z.enum(QUALITY_FLAGS).optional().describe('A quality flag the records raise'),
    missingProperty: z.string().regex(PROPERTY_NAME_PATTERN, 'a HubSpot internal property name such as email').optional().describe('Only records where this HubSpot property is empty, e.g. email'),
    createdFrom: day.optional().describe('Created on or after this date (YYYY-MM-DD)'),
    createdTo: day.optional().describe('Created on or before this date (YYYY-MM-DD)'),
    limit: z.number().int().min(0).max(ASSISTANT_RECORD_CAP).default(10).describe('Sample records to show; 0 when only the count is needed'),
  }),
  matching_settings: z.object({}),
  recommendations: z.object({}),
} satisfies Record<AssistantToolName, z.ZodType>;

export type ToolArguments = { [K in AssistantToolName]: z.output<(typeof ARGUMENTS)[K]> };

const DESCRIPTIONS: Record<AssistantToolName, string> = {
  health_summary: 'Health scores from the latest scans: per object type the score, its components (completeness, duplicates, freshness, update frequency), the change since the previous scan and since about 30 days ago, and the trend.',
  duplicate_groups: 'Pending duplicate groups with their size, confidence and what they matched on, and the totals. For "which companies have the most duplicates" sort by size.',
  duplicate_group: "One duplicate group's records and the evidence per field (values compared, match level, weight) that made them a group.",
  quality_records: 'How many records of a type match a quality flag, an empty property and a creation window, of how many, with a small sample of them.',
  matching_settings: 'The settings that shape duplicate matching (sensitivity, fuzzy and phonetic matching, normalization).',
  recommendations: 'What to fix first: findings over the latest scans with records affected, expected health gain and where to act.',
};

/** The six functions offered to the model, their parameters as JSON schema. */
export const MODEL_TOOLS: ChatCompletionFunctionTool[] = ASSISTANT_TOOLS.map((name) => {
  const { $schema: _schema, ...parameters } = z.toJSONSchema(ARGUMENTS[name], { io: 'input' }) as Record<string, unknown>;
  return { type: 'function', function: { name, description: DESCRIPTIONS[name], parameters } };
});

export const isToolName = (name: string): name is AssistantToolName => (ASSISTANT_TOOLS as readonly string[]).includes(name);

/** The arguments checked, or what is wrong with them in words (the model is told and may try again). */
export function parseToolArguments<K extends AssistantToolName>(name: K, raw: unknown): { ok: true; args: ToolArguments[K] } | { ok: false; error: string } {
  const parsed = ARGUMENTS[name].safeParse(raw ?? {});
  if (parsed.success) return { ok: true, args: parsed.data as ToolArguments[K] };
  return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ') };
}

/** What the page shows while a tool runs. */
export function toolLabel<K extends AssistantToolName>(name: K, args: ToolArguments[K]): string {
  switch (name) {
    case 'health_summary': {
      const a = args as ToolArguments['health_summary'];
      return a.objectType ? `Reading the health scores of ${a.objectType}` : 'Reading the health scores';
    }
    case 'duplicate_groups': {
      const a = args as ToolArguments['duplicate_groups'];
      return `Looking up duplicate groups${a.objectType ? ` of ${a.objectType}` : ''}`;
    }
    case 'duplicate_group':
      return `Reading duplicate group #${(args as ToolArguments['duplicate_group']).id}`;
    case 'quality_records':
      return `Counting ${describeFilter(args as ToolArguments['quality_records'])}`;
    case 'matching_settings':
      return 'Reading the matching settings';
    default:
      return 'Working out what to fix first';
  }
}

/** Runs one tool over the context's user's data. */
export async function runTool<K extends AssistantToolName>(ctx: ToolContext, name: K, args: ToolArguments[K]): Promise<ToolResult> {
  switch (name) {
    case 'health_summary':
      return healthSummary(ctx, args as ToolArguments['health_summary']);
    case 'duplicate_groups':
      return listGroups(ctx, args as ToolArguments['duplicate_groups']);
    case 'duplicate_group':
      return showGroup(ctx, args as ToolArguments['duplicate_group']);
    case 'quality_records':
      return qualityRecords(ctx, args as ToolArguments['quality_records']);
    case 'matching_settings':
      return matchingSettings(ctx);
    default:
      return recommendationsTool(ctx);
  }
}

