/**
 * Generated records by column: a million contacts are a few dozen arrays rather than a million
 * objects. The HubSpot sandbox's record store takes these columns over as they are.
 */
type Column = (string | null)[];

export interface RecordInput {
  id: number;
  createdAt: number;
  updatedAt: number;
  /** Empty strings and nulls are stored as "no value". */
  properties: Readonly<Record<string, string | null | undefined>>;
  /** The real-world entity behind the record, for generated data; -1 when unknown. */
  entity?: number;
}

/** Every array holds one entry per record, ids ascending; date-times are epoch-millisecond text. */
export interface ColumnData {
  ids: number[];
  createdAt: number[];
  updatedAt: number[];
  entities: number[];
  columns: ReadonlyMap<string, Column>;
}

/** Rows as columns: one pass per column, sorted by id, "" stored as null. */
export function columnsOfRows(rows: readonly RecordInput[]): ColumnData {
  const sorted = rows.every((row, i) => i === 0 || rows[i - 1]!.id < row.id) ? rows : [...rows].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const names = new Set<string>();
  for (const row of sorted) for (const name of Object.keys(row.properties)) names.add(name);
  const columns = new Map<string, Column>();
  for (const name of names) {
    const column: Column = new Array<string | null>(n).fill(null);
    for (let i = 0; i < n; i++) {
      const value = sorted[i]!.properties[name];
      if (value !== undefined && value !== null && value !== '') column[i] = value;
    }
    columns.set(name, column);
  }
  return {
    ids: sorted.map((row) => row.id),
    createdAt: sorted.map((row) => row.createdAt),
    updatedAt: sorted.map((row) => row.updatedAt),
    entities: sorted.map((row) => row.entity ?? -1),
    columns,
  };
}
