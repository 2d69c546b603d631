import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { ASSISTANT_RECORD_CAP, type Citation, type DataBlock } from '../../../shared/contracts/assistant';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { orderProperties, propertyLabel } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';
import { labelledValue, labelOfAny, type ValueLabels } from '../../../shared/value-labels';
import { duplicateGroups } from '../../db/schema';
import { recordNameOf } from '../objects';
import { duplicateGroupView, findDuplicateGroup } from '../scans';
import { appLink, figure, groupHref, plural, recordHref, round1, TYPE_LABELS, typeWord, type ToolContext, type ToolResult } from './tool-context';

export const GROUP_SORTS = ['size', 'confidence'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

export interface DuplicateGroupsArgs {
  objectType?: ObjectType | undefined;
  /** 0-1, as stored with the group. */
  minConfidence?: number | undefined;
  sort: GroupSort;
  limit: number;
}

/** A stored group's members, whatever the row holds (a malformed value counts as none). */
const sizeSql = sql<number>`(case when jsonb_typeof(${duplicateGroups.records}) = 'array' then jsonb_array_length(${duplicateGroups.records}) else 0 end)::int`;

/** What people call a group: its suggested survivor's name, else any member's, else its id. */
export function groupName(group: Pick<DuplicateGroupView, 'id' | 'objectType' | 'records' | 'primaryRecordId'>): string {
  const members = [...group.records].sort((a, b) => Number(b.isPrimary || b.id === group.primaryRecordId) - Number(a.isPrimary || a.id === group.primaryRecordId));
  for (const member of members) {
    const name = recordNameOf(group.objectType, member.properties);
    if (name) return name;
  }
  return `Group ${group.id}`;
}

const confidencePercent = (confidence: number) => round1(confidence * 100);

/**
 * A group record's properties as the group screen shows them: by their labels, owners, stages
 * and options by the portal's names (HubSpot's ids mean nothing to the model or the reader).
 */
function shownProperties(objectType: ObjectType, properties: Readonly<Record<string, unknown>>, labels: ValueLabels): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const property of orderProperties(objectType, Object.keys(properties))) {
    const value = properties[property];
    if (property === 'hs_object_id' || value === null || value === undefined || value === '') continue;
    shown[propertyLabel(objectType, property)] = typeof value === 'string' ? labelledValue(labels, property, value) : JSON.stringify(value);
  }
  return shown;
}

/** duplicate_groups: pending groups, largest (most records) or most certain first, with how many there are in all. */
export async function listGroups(ctx: ToolContext, args: DuplicateGroupsArgs): Promise<ToolResult> {
  const where = and(
    eq(duplicateGroups.userId, ctx.user.id),
    eq(duplicateGroups.status, 'pending'),
    args.objectType ? eq(duplicateGroups.objectType, args.objectType) : undefined,
    args.minConfidence !== undefined ? gte(duplicateGroups.confidence, args.minConfidence) : undefined,
  );
  const order = args.sort === 'size' ? [desc(sizeSql), desc(duplicateGroups.confidence), asc(duplicateGroups.id)] : [desc(duplicateGroups.confidence), desc(sizeSql), asc(duplicateGroups.id)];
  const [[totals], rows] = await Promise.all([
    ctx.db
      .select({ groups: sql<number>`count(*)::int`, records: sql<number>`coalesce(sum(${sizeSql}), 0)::int` })
      .from(duplicateGroups)
      .where(where),
    ctx.db
      .select()
      .from(duplicateGroups)
      .where(where)
      .orderBy(...order)
      .limit(args.limit),
  ]);
  const groups = rows.map((row) => duplicateGroupView(row)).map((g) => ({ id: g.id, objectType: g.objectType, name: groupName(g), records: g.records.length, confidencePercent: confidencePercent(g.confidence), matchedOn: g.matchKey }));
  const totalGroups = Number(totals?.groups ?? 0);
  const recordsInGroups = Number(totals?.records ?? 0);
  const typeLabel = args.objectType ?? 'records';
  const filterPath = `/duplicates${args.objectType ? `?objectType=${args.objectType}` : ''}`;
  const citations: Citation[] = [
    ...groups.map((g): Citation => ({ kind: 'group', label: `${g.name} (${plural(g.records, 'record')})`, href: groupHref(ctx, g.objectType, g.id) })),
    { kind: 'screen', label: args.objectType ? `Duplicates: ${TYPE_LABELS[args.objectType].toLowerCase()}` : 'Duplicates', href: appLink(ctx, filterPath) },
  ];
  const block: DataBlock = {
    tool: 'duplicate_groups',
    title: `Duplicate groups${args.objectType ? ` of ${args.objectType}` : ''}, ${args.sort === 'size' ? 'largest' : 'most certain'} first`,
    caption: `${figure(groups.length)} of ${plural(totalGroups, 'pending group')} shown; ${plural(recordsInGroups, 'record')} in all of them${args.minConfidence !== undefined ? ` (confidence at least ${figure(confidencePercent(args.minConfidence))}%)` : ''}.`,
    columns: [
      { key: 'group', label: 'Group', format: 'link' },
      ...(args.objectType ? [] : [{ key: 'objectType', label: 'Object type', format: 'text' as const }]),
      { key: 'records', label: 'Records', format: 'number' },
      { key: 'confidence', label: 'Confidence', format: 'percent' },
      { key: 'matchedOn', label: 'Matched on', format: 'text' },
    ],
    rows: groups.map((g) => ({
      group: { label: `${g.name} (#${g.id})`, href: groupHref(ctx, g.objectType, g.id) },
      ...(args.objectType ? {} : { objectType: TYPE_LABELS[g.objectType] }),
      records: g.records,
      confidence: g.confidencePercent,
      matchedOn: g.matchedOn,
    })),
    chart: groups.length > 1 && args.sort === 'size' ? { kind: 'bar', x: 'group', series: ['records'] } : null,
  };
  const top = groups[0];
  const summary =
    totalGroups === 0
      ? `There are no pending duplicate groups of ${typeLabel}${args.minConfidence !== undefined ? ' at that confidence' : ''}.`
      : `There are ${plural(totalGroups, 'pending duplicate group')} of ${typeLabel} holding ${plural(recordsInGroups, 'record')}. ${
          args.sort === 'size'
            ? `The largest is ${top!.name} (group #${top!.id}) with ${plural(top!.records, 'record')}.`
            : `The most certain is ${top!.name} (group #${top!.id}) at ${figure(top!.confidencePercent)}% confidence.`
        }`;
  return { forModel: { objectType: args.objectType ?? 'all', sort: args.sort, totalGroups, recordsInGroups, shown: groups.length, groups }, blocks: [block], citations, summary };
}

/** duplicate_group: one group, its records and, per pair, the evidence of every field. */
export async function showGroup(ctx: ToolContext, args: { id: number }): Promise<ToolResult> {
  const group = await findDuplicateGroup(ctx.db, ctx.user.id, args.id);
  if (!group) {
    return { forModel: { error: `There is no duplicate group ${args.id} in this account.` }, blocks: [], citations: [], summary: `There is no duplicate group #${args.id}.` };
  }
  const name = groupName(group);
  const records = group.records.slice(0, ASSISTANT_RECORD_CAP);
  const nameOf = new Map(group.records.map((r) => [r.id, recordNameOf(group.objectType, r.properties) ?? r.id]));
  // A compared value names the engine's field, not the property: labelled as the screen does,
  // when exactly one property's labels know it.
  const shown = (value: string) => labelOfAny(group.valueLabels, value) ?? value;
  const evidence = group.explanations.flatMap((pair) =>
    pair.fields.map((f) => ({ records: `${nameOf.get(pair.a) ?? pair.a} / ${nameOf.get(pair.b) ?? pair.b}`, a: pair.a, b: pair.b, field: f.label, valueA: shown(f.valueA), valueB: shown(f.valueB), level: f.level, weight: round1(f.weight) })),
  );
  const block: DataBlock = {
    tool: 'duplicate_group',
    title: `Why ${name} (#${group.id}) is a duplicate group`,
    caption: `${plural(group.records.length, typeWord(group.objectType, 1), group.objectType)}, confidence ${figure(confidencePercent(group.confidence))}%, matched on ${group.matchKey}; match weight per field in bits.`,
    columns: [
      { key: 'records', label: 'Records compared', format: 'text' },
      { key: 'field', label: 'Field', format: 'text' },
      { key: 'valueA', label: 'First value', format: 'text' },
      { key: 'valueB', label: 'Second value', format: 'text' },
      { key: 'level', label: 'Match', format: 'text' },
      { key: 'weight', label: 'Weight', format: 'number' },
    ],
    rows: evidence.map(({ a: _a, b: _b, ...row }) => row),
    chart: null,
  };
  const citations: Citation[] = [
    { kind: 'group', label: `${name} (${plural(group.records.length, 'record')})`, href: groupHref(ctx, group.objectType, group.id) },
    ...records.map((r): Citation => ({ kind: 'record', label: nameOf.get(r.id) ?? r.id, href: recordHref(ctx, group.objectType, r.id) })),
  ];
  const strongest = [...evidence].sort((x, y) => y.weight - x.weight)[0];
  return {
    forModel: {
      id: group.id,
      objectType: group.objectType,
      name,
      status: group.status,
      confidencePercent: confidencePercent(group.confidence),
      matchedOn: group.matchKey,
      records: records.map((r) => ({ id: r.id, name: nameOf.get(r.id), isPrimary: r.isPrimary, properties: shownProperties(group.objectType, r.properties, group.valueLabels) })),
      evidence: evidence.slice(0, 60),
    },
    blocks: [block],
    citations,
    summary: `Group #${group.id} (${name}) holds ${plural(group.records.length, 'record')} matched on ${group.matchKey} with ${figure(confidencePercent(group.confidence))}% confidence.${strongest ? ` The strongest evidence is ${strongest.field} (${strongest.level}, ${figure(strongest.weight)} bits).` : ''}`,
  };
}
