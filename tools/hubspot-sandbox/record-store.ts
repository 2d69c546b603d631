/**
 * The records of one object type in one portal, stored by column: a million contacts are a
 * few dozen arrays rather than a million objects. Slots only grow; ids ascend with slots
 * (seeded ids are sorted and new ids are above them), so an id is found by binary search.
 * Date-time values are kept as epoch-millisecond text (cheap to compare) and read as ISO.
 */
import { LAST_MODIFIED_PROPERTY, columnsOfRows, propertyDefinitions, type ColumnData, type RecordInput } from '../../src/synthetic-crm';
import type { ObjectType } from './object-types';

/** Epoch milliseconds or an ISO date, as milliseconds; NaN when neither. */
export function parseDateTime(value: string): number {
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
}

/** MergedAway: merged into another record; its id resolves to that record. */
export const RecordState = { Live: 0, Archived: 1, MergedAway: 2 } as const;
export type RecordState = (typeof RecordState)[keyof typeof RecordState];

type Column = (string | null)[];

export class RecordStore {
  private ids: number[] = [];
  private created: number[] = [];
  private updated: number[] = [];
  private states: RecordState[] = [];
  private entities: number[] = [];
  private readonly columns = new Map<string, Column>();
  private readonly archivedAt = new Map<number, number>();
  private readonly mergeCounts = new Map<number, number>();
  /** Merged-away id → the id it lives on as (chains are followed). */
  private readonly aliases = new Map<number, number>();
  private emailIndex: Map<string, number> | null = null;
  private live = 0;
  private nextId = 1;
  private readonly lastModified: string;
  private readonly dateTimes: ReadonlySet<string>;

  constructor(readonly type: ObjectType) {
    this.lastModified = LAST_MODIFIED_PROPERTY[type];
    this.dateTimes = new Set(propertyDefinitions(type).filter((definition) => definition.type === 'datetime').map((definition) => definition.name));
  }

  /** Loads generated rows in bulk: one pass per column, no per-record objects kept. */
  static fromRows(type: ObjectType, rows: readonly RecordInput[]): RecordStore {
    return RecordStore.fromColumns(type, columnsOfRows(rows));
  }

  /** Takes over ready columns (ids ascending, every array one entry per record, "" stored as null). */
  static fromColumns(type: ObjectType, data: ColumnData): RecordStore {
    const store = new RecordStore(type);
    const n = data.ids.length;
    for (const [name, column] of data.columns) {
      if (column.length !== n) throw new Error(`column ${name} has ${column.length} values for ${n} records`);
      if (!store.isDerived(name)) store.columns.set(name, column);
    }
    for (let i = 1; i < n; i++) if (data.ids[i - 1]! >= data.ids[i]!) throw new Error('ids must ascend');
    store.ids = data.ids;
    store.created = data.createdAt;
    store.updated = data.updatedAt;
    store.entities = data.entities;
    store.states = new Array<RecordState>(n).fill(RecordState.Live);
    store.live = n;
    store.nextId = n > 0 ? data.ids[n - 1]! + 1 : 1;
    return store;
  }

  /** Live records. */
  get size(): number {
    return this.live;
  }

  /** Slots ever used, live or not: the bound for scans. */
  get slotCount(): number {
    return this.ids.length;
  }

  /** createdate, the last-modified date and hs_object_id come from the record itself. */
  isDerived(property: string): boolean {
    return property === 'createdate' || property === this.lastModified || property === 'hs_object_id';
  }

  append(input: Omit<RecordInput, 'id'> & { id?: number }): number {
    const id = input.id ?? this.nextId;
    if (id < this.nextId) throw new Error(`ids must ascend: ${id} after ${this.nextId - 1}`);
    this.nextId = id + 1;
    const slot = this.ids.length;
    this.ids.push(id);
    this.created.push(input.createdAt);
    this.updated.push(input.updatedAt);
    this.states.push(RecordState.Live);
    this.entities.push(input.entity ?? -1);
    for (const column of this.columns.values()) column.push(null);
    this.live++;
    for (const [name, value] of Object.entries(input.properties)) this.set(slot, name, value ?? null);
    return slot;
  }

  idOf(slot: number): number {
    return this.ids[slot]!;
  }

  createdAtOf(slot: number): number {
    return this.created[slot]!;
  }

  updatedAtOf(slot: number): number {
    return this.updated[slot]!;
  }

  stateOf(slot: number): RecordState {
    return this.states[slot]!;
  }

  archivedAtOf(slot: number): number | undefined {
    return this.archivedAt.get(slot);
  }

  entityOf(slot: number): number {
    return this.entities[slot]!;
  }

  mergeCountOf(slot: number): number {
    return this.mergeCounts.get(slot) ?? 0;
  }

  setMergeCount(slot: number, count: number): void {
    this.mergeCounts.set(slot, count);
  }

  /** The slot holding exactly this id, whatever its state; -1 when there is none. */
  slotOfId(id: number): number {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.ids[mid]!;
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** First slot whose id is greater than `id`. */
  slotAfterId(id: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! <= id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The slot an id (as given in a path or body) stands for now, following merges; -1 when none. */
  resolve(idText: string): number {
    if (!/^\d{1,15}$/.test(idText)) return -1;
    let id = Number(idText);
    for (let hops = 0; hops < 1000; hops++) {
      const next = this.aliases.get(id);
      if (next === undefined) break;
      id = next;
    }
    return this.slotOfId(id);
  }

  /** A stored or derived value; null when the record has none. */
  get(slot: number, property: string): string | null {
    if (property === 'hs_object_id') return String(this.ids[slot]);
    if (property === 'createdate') return new Date(this.created[slot]!).toISOString();
    if (property === this.lastModified) return new Date(this.updated[slot]!).toISOString();
    const value = this.columns.get(property)?.[slot] ?? null;
    return value !== null && this.dateTimes.has(property) ? new Date(Number(value)).toISOString() : value;
  }

  /** The raw column (date-times as epoch milliseconds) of a stored property, for scans; undefined when no record ever had one. */
  column(property: string): readonly (string | null)[] | undefined {
    return this.columns.get(property);
  }

  /** Names of the stored properties that have a value on this record. */
  propertiesWithValues(slot: number): string[] {
    const names: string[] = [];
    for (const [name, column] of this.columns) if (column[slot] !== null) names.push(name);
    return names;
  }

  set(slot: number, property: string, value: string | null): void {
    if (property === 'createdate') {
      if (value) this.created[slot] = parseDateTime(value);
      return;
    }
    if (this.isDerived(property)) return;
    let stored = value === '' ? null : value;
    if (stored !== null && this.dateTimes.has(property)) stored = String(parseDateTime(stored));
    let column = this.columns.get(property);
    if (!column) {
      if (stored === null) return;
      column = new Array<string | null>(this.ids.length).fill(null);
      this.columns.set(property, column);
    }
    if (property === 'email' && this.emailIndex) {
      const before = column[slot];
      if (before) this.emailIndex.delete(before.toLowerCase());
      if (stored) this.emailIndex.set(stored.toLowerCase(), slot);
    }
    column[slot] = stored;
  }

  touch(slot: number, now: number): void {
    this.updated[slot] = now;
  }

  archive(slot: number, now: number): void {
    if (this.states[slot] !== RecordState.Live) return;
    this.states[slot] = RecordState.Archived;
    this.archivedAt.set(slot, now);
    this.live--;
    this.forgetEmail(slot);
  }

  /** The record at `slot` now lives on as `intoId`: its id keeps resolving there. */
  markMergedAway(slot: number, intoId: number): void {
    if (this.states[slot] === RecordState.Live) this.live--;
    this.states[slot] = RecordState.MergedAway;
    this.aliases.set(this.ids[slot]!, intoId);
    this.forgetEmail(slot);
  }

  /** The live contact with this primary email (case ignored), or -1. */
  findByEmail(email: string): number {
    this.emailIndex ??= this.buildEmailIndex();
    return this.emailIndex.get(email.toLowerCase()) ?? -1;
  }

  /** Live (or archived) slots after a given id, in id order: list pages. */
  page(afterId: number, limit: number, archived: boolean): { slots: number[]; more: boolean } {
    const wanted = archived ? RecordState.Archived : RecordState.Live;
    const slots: number[] = [];
    for (let slot = this.slotAfterId(afterId); slot < this.ids.length; slot++) {
      if (this.states[slot] !== wanted) continue;
      if (slots.length === limit) return { slots, more: true };
      slots.push(slot);
    }
    return { slots, more: false };
  }

  private forgetEmail(slot: number): void {
    const email = this.columns.get('email')?.[slot];
    if (email && this.emailIndex?.get(email.toLowerCase()) === slot) this.emailIndex.delete(email.toLowerCase());
  }

  private buildEmailIndex(): Map<string, number> {
    const index = new Map<string, number>();
    const column = this.columns.get('email');
    if (!column) return index;
    for (let slot = 0; slot < column.length; slot++) {
      const email = column[slot];
      if (email && this.states[slot] === RecordState.Live) index.set(email.toLowerCase(), slot);
    }
    return index;
  }
}
