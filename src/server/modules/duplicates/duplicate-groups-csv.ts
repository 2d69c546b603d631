import type { DuplicateGroupsQuery } from '../../../shared/contracts/results';
import { recordTitle } from '../../../shared/crm-properties';
import { describeMatch } from '../../../shared/match-reason';
import { OBJECT_TYPES } from '../../../shared/object-types';
import { labelledValue } from '../../../shared/value-labels';
import type { Db } from '../../db/client';
import { csvLine } from '../../http/csv';
import { listedFieldsOf } from '../objects';
import { listDuplicateGroups } from '../scans';

/** Groups read per query while the file streams. */
const BATCH = 200;

/**
 * The duplicate groups the list's filters select, as CSV: one line per record of each group,
 * with the group's id, confidence (percent), reason and status, whether the record is the
 * suggested primary, its id, name and the properties the object lists show (a column each).
 */
export async function* duplicateGroupsCsv(db: Db, userId: number, query: DuplicateGroupsQuery): AsyncGenerator<string> {
  const types = query.objectType ? [query.objectType] : OBJECT_TYPES;
  const columns = [...new Map(types.flatMap((type) => listedFieldsOf(type)).map((field) => [field.property, field.label])).entries()];
  yield csvLine(['Group', 'Object type', 'Confidence (%)', 'Reason', 'Status', 'Suggested primary', 'Record ID', 'Name', ...columns.map(([, label]) => label)]);
  for (let page = 1; ; page++) {
    const { groups, total } = await listDuplicateGroups(db, userId, { ...query, page, pageSize: BATCH });
    for (const group of groups) {
      const reason = describeMatch(group);
      const confidence = Math.round(group.confidence * 1000) / 10;
      for (const record of group.records) {
        const properties = record.properties as Record<string, unknown>;
        // Owners, stages, options and companies by the portal's names, as the screen shows them.
        const value = (name: string) => (typeof properties[name] === 'string' || typeof properties[name] === 'number' ? labelledValue(group.valueLabels, name, String(properties[name])) : '');
        yield csvLine([group.id, group.objectType, confidence, reason, group.status, record.isPrimary ? 'yes' : 'no', record.id, recordTitle(group.objectType, properties, record.id), ...columns.map(([property]) => value(property))]);
      }
    }
    if (page * BATCH >= total || groups.length === 0) return;
  }
}
