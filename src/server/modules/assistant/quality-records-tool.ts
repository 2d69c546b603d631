import { ASSISTANT_RECORD_CAP, type Citation, type DataBlock } from '../../../shared/contracts/assistant';
import type { QualityFlag } from '../../../shared/contracts/objects';
import type { ObjectType } from '../../../shared/object-types';
import { labelledValue } from '../../../shared/value-labels';
import { userValueLabels } from '../hubspot';
import { sampleRecords } from '../objects';
import { appLink, figure, recordHref, TYPE_LABELS, type ToolContext, type ToolResult } from './tool-context';

const DAY_MS = 86_400_000;

export interface QualityRecordsArgs {
  objectType: ObjectType;
  flag?: QualityFlag | undefined;
  missingProperty?: string | undefined;
  /** YYYY-MM-DD or an ISO date and time; a date alone covers the whole day. */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  /** Sample records to include, at most ASSISTANT_RECORD_CAP; 0 for counts only. */
  limit: number;
}

const FLAG_WORDS: Readonly<Record<QualityFlag, string>> = {
  'missing-fields': 'missing key fields',
  'invalid-email': 'with an invalid email address',
  'invalid-phone': 'with an unusable phone number',
  stale: 'not updated for over a year',
  'possible-duplicate': 'in pending duplicate groups',
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The start of the window, and the end (exclusive): a date alone ends with its day. */
export const windowStart = (value: string) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
export const windowEnd = (value: string) => (DATE_ONLY.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS) : new Date(value));

/** The filter in words: "contacts missing email created from 2026-01-01". */
export function describeFilter(args: Omit<QualityRecordsArgs, 'limit'>): string {
  const parts = [args.objectType as string];
  if (args.flag) parts.push(FLAG_WORDS[args.flag]);
  if (args.missingProperty) parts.push(`missing ${args.missingProperty}`);
  if (args.createdFrom && args.createdTo) parts.push(`created ${args.createdFrom.slice(0, 10)} to ${args.createdTo.slice(0, 10)}`);
  else if (args.createdFrom) parts.push(`created from ${args.createdFrom.slice(0, 10)}`);
  else if (args.createdTo) parts.push(`created up to ${args.createdTo.slice(0, 10)}`);
  return parts.join(' ');
}

/** quality_records: how many records match, of how many, and a capped sample with only the key fields. */
export async function qualityRecords(ctx: ToolContext, args: QualityRecordsArgs): Promise<ToolResult> {
  const limit = Math.min(args.limit, ASSISTANT_RECORD_CAP);
  const sample = await sampleRecords(
    ctx.db,
    ctx.user.id,
    args.objectType,
    {
      ...(args.flag ? { flag: args.flag } : {}),
      ...(args.missingProperty ? { missingProperty: args.missingProperty } : {}),
      ...(args.createdFrom ? { createdFrom: windowStart(args.createdFrom) } : {}),
      ...(args.createdTo ? { createdBefore: windowEnd(args.createdTo) } : {}),
    },
    limit,
    ctx.now,
  );
  // Owners, stages and options by the portal's names, as the objects screen shows them.
  const labels = sample.records.length > 0 ? await userValueLabels(ctx.db, ctx.user.id, args.objectType, sample.records) : {};
  const records = sample.records.map((r) => ({
    ...r,
    properties: Object.fromEntries(Object.entries(r.properties).map(([property, value]) => [property, value ? labelledValue(labels, property, value) : value])),
  }));
  const what = describeFilter(args);
  const listPath = `/objects/${args.objectType}${args.flag ? `?flag=${args.flag}` : ''}`;
  const citations: Citation[] = [
    ...records.map((r): Citation => ({ kind: 'record', label: r.name ?? r.id, href: recordHref(ctx, args.objectType, r.id) })),
    { kind: 'screen', label: `${TYPE_LABELS[args.objectType]}${args.flag ? `: ${FLAG_WORDS[args.flag]}` : ''}`, href: appLink(ctx, listPath) },
  ];
  const block: DataBlock = {
    tool: 'quality_records',
    title: `${what[0]!.toUpperCase()}${what.slice(1)}`,
    caption: `${figure(sample.total)} of ${figure(sample.inMirror)} ${args.objectType}${records.length > 0 ? `; the newest ${figure(records.length)} shown` : ''}.`,
    columns: [
      { key: 'record', label: 'Record', format: 'link' },
      ...sample.fields.map((f) => ({ key: f.property, label: f.label, format: 'text' as const })),
      { key: 'createdAt', label: 'Created', format: 'datetime' },
    ],
    rows: records.map((r) => ({ record: { label: r.name ?? r.id, href: recordHref(ctx, args.objectType, r.id) }, ...r.properties, createdAt: r.createdAt })),
    chart: null,
  };
  return {
    forModel: {
      filter: what,
      matching: sample.total,
      ofAll: sample.inMirror,
      // Records go to the model only as far as the question asked for them, and never more than the cap.
      sample: records.map((r) => ({ id: r.id, name: r.name, ...r.properties, createdAt: r.createdAt })),
    },
    blocks: [block],
    citations,
    summary: `${figure(sample.total)} of ${figure(sample.inMirror)} ${args.objectType} match: ${what}.`,
  };
}
