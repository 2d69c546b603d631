import type { ObjectRecordsQuery, QualityFlag } from '../../../shared/contracts/objects';
import { propertyLabel } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';
import { labelledValue } from '../../../shared/value-labels';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { csvLine, sendCsv } from '../../http/csv';
import { listedFieldsOf } from './object-fields';
import { listObjectRecords } from './object-queries';

/** Records read per query while the file streams. */
const BATCH = 500;

export const FLAG_LABELS: Readonly<Record<QualityFlag, string>> = {
  'missing-fields': 'Missing key fields',
  'invalid-email': 'Invalid email',
  'invalid-phone': 'Invalid phone',
  stale: 'Stale',
  'possible-duplicate': 'Possible duplicate',
};

type ListQuery = Omit<ObjectRecordsQuery, 'page' | 'pageSize'>;

/**
 * Sends one quality list as a CSV download, named by its type, flag and day
 * (`contacts-stale-2026-11-27.csv`): the objects screen's and a recommendation's download alike.
 */
export function sendObjectRecordsCsv(reply: FastifyReply, db: Db, userId: number, objectType: ObjectType, query: ListQuery): FastifyReply {
  const name = `${objectType}-${query.flag ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
  return sendCsv(reply, name, objectRecordsCsv(db, userId, objectType, query));
}

/**
 * One quality list of the objects screen (a flag, a search, an order) as CSV, every page of
 * it: each record's id, name, the properties the list shows, its issues in words, the key
 * fields it lacks, its unreadable values, when it last changed and its duplicate groups.
 */
export async function* objectRecordsCsv(db: Db, userId: number, objectType: ObjectType, query: ListQuery): AsyncGenerator<string> {
  const fields = listedFieldsOf(objectType);
  yield csvLine(['Record ID', 'Name', ...fields.map((f) => f.label), 'Issues', 'Missing key fields', 'Invalid values', 'Last changed', 'Duplicate groups']);
  for (let page = 1; ; page++) {
    const result = await listObjectRecords(db, userId, objectType, { ...query, page, pageSize: BATCH });
    for (const record of result.records) {
      const { quality } = record;
      const invalid = [...quality.invalidEmails, ...quality.invalidPhones].map((v) => `${propertyLabel(objectType, v.property)}: ${v.value}`);
      yield csvLine([
        record.id,
        record.name,
        // Owners, stages and options by the portal's names, as the list shows them.
        ...fields.map((f) => {
          const value = record.properties[f.property];
          return value ? labelledValue(result.valueLabels, f.property, value) : value;
        }),
        quality.flags.map((flag) => FLAG_LABELS[flag]).join('; '),
        quality.missingFields.map((property) => propertyLabel(objectType, property)).join('; '),
        invalid.join('; '),
        record.updatedAt ?? record.createdAt,
        quality.duplicateGroupIds.join('; '),
      ]);
    }
    if (page * BATCH >= result.total || result.records.length === 0) return;
  }
}
