import type { QualityFlag } from '../../../shared/contracts/objects';
import type { ObjectType } from '../../../shared/object-types';
import { labelledValue } from '../../../shared/value-labels';
import type { Db } from '../../db/client';
import { csvCell as cell } from '../../http/csv';
import { listObjectRecords } from '../objects';

/** Rows one CSV holds at most: a download stays quick; the object list pages through the rest. */
export const CSV_ROW_CAP = 10_000;
const PAGE_SIZE = 100;

/** The live records of the type raising the flag, with the properties the object list shows. */
export async function recordsCsv(db: Db, userId: number, objectType: ObjectType, flag: QualityFlag): Promise<string> {
  const lines: string[] = [];
  let header: string[] | null = null;
  for (let page = 1; (page - 1) * PAGE_SIZE < CSV_ROW_CAP; page++) {
    const result = await listObjectRecords(db, userId, objectType, { flag, page, pageSize: PAGE_SIZE, sort: 'oldest' });
    header ??= result.fields.map((f) => f.property);
    for (const record of result.records) {
      // Owners, stages and options by the portal's names, as the screens show them.
      const shown = (name: string) => {
        const value = record.properties[name];
        return value ? labelledValue(result.valueLabels, name, value) : value;
      };
      lines.push([record.id, record.name, record.updatedAt, ...header.map(shown)].map(cell).join(','));
    }
    if (page * PAGE_SIZE >= result.total) break;
  }
  return [['id', 'name', 'updatedAt', ...(header ?? [])].map(cell).join(','), ...lines].join('\r\n') + '\r\n';
}
