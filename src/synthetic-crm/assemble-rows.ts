/** Ids and dates for generated deals and tickets, laid out as HubSpot assigns them. */
import type { RecordInput } from './columns';
import type { SeededRandom } from './seeded-random';

export const DATA_NOW = Date.UTC(2025, 5, 1);

export interface GeneratedRow {
  properties: Record<string, string>;
  entity: number;
}

/** Extra copies of a duplicated entity: mostly one, sometimes two or three. */
export function extraCopies(random: SeededRandom): number {
  const u = random.next();
  return u < 0.8 ? 1 : u < 0.95 ? 2 : 3;
}

/** The chance that an entity gets copies, so copies make up about `rate` of all rows. */
export function copyChance(rate: number): number {
  const meanExtra = 0.8 * 1 + 0.15 * 2 + 0.05 * 3;
  return rate / (meanExtra * (1 - rate));
}

export interface TimedRow extends GeneratedRow {
  /** When the record was created, epoch ms. */
  createdAt: number;
}

/**
 * Ids and dates for rows that carry their own create dates (tickets and deals, whose copies
 * come days after their original): ids follow the dates, as HubSpot gives them in order;
 * modification dates lean towards the creation.
 */
export function assembleTimedRows(rows: readonly TimedRow[], firstId: number, random: SeededRandom): RecordInput[] {
  const sorted = [...rows].sort((a, b) => a.createdAt - b.createdAt);
  let id = firstId;
  return sorted.map((row) => {
    id += random.chance(0.2) ? 2 + random.int(20) : 1;
    const createdAt = Math.min(row.createdAt, DATA_NOW - 1);
    const r = random.next();
    const updatedAt = createdAt + Math.floor((DATA_NOW - createdAt) * r * r * r);
    return { id, createdAt, updatedAt, properties: row.properties, entity: row.entity };
  });
}
