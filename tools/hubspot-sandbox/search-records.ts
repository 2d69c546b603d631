/**
 * HubSpot's CRM search over a record store: filter groups OR'd, filters inside a group AND'd,
 * one sort, offset paging capped at 10,000 results. Numbers and dates compare as numbers
 * (dates given as epoch milliseconds or ISO), everything else as text with case ignored.
 */
import { validationError } from './hubspot-errors';
import { LAST_MODIFIED_PROPERTY, propertyDefinition, type PropertyDefinition } from '../../src/synthetic-crm';
import { QUERY_PROPERTIES, type ObjectType } from './object-types';
import { RecordState, parseDateTime, type RecordStore } from './record-store';

export const OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;
export type Operator = (typeof OPERATORS)[number];

type Scalar = string | number | boolean;

export interface SearchFilter {
  propertyName: string;
  operator: Operator;
  value?: Scalar | undefined;
  values?: readonly Scalar[] | undefined;
  highValue?: Scalar | undefined;
}

export interface SearchSort {
  propertyName: string;
  direction: 'ASCENDING' | 'DESCENDING';
}

export interface SearchInput {
  filterGroups: readonly { filters: readonly SearchFilter[] }[];
  sorts: readonly SearchSort[];
  query?: string | undefined;
  limit: number;
  /** Offset into the results. */
  after: number;
}

export interface SearchOutcome {
  total: number;
  slots: number[];
  /** Offset of the next page; absent on the last. */
  nextAfter?: number;
}

const SEARCH_LIMITS = {
  groups: 5,
  filtersPerGroup: 10,
  filters: 25,
  pageSize: 200,
  /** Results a query can page through in all. */
  results: 10_000,
} as const;

type Predicate = (slot: number) => boolean;

export function searchRecords(store: RecordStore, input: SearchInput): SearchOutcome {
  checkShape(input);
  const groups = input.filterGroups.filter((group) => group.filters.length > 0).map((group) => group.filters.map((filter) => compileFilter(store, filter)));
  const query = input.query?.trim() ? compileQuery(store, input.query) : null;
  const matches: number[] = [];
  for (let slot = 0; slot < store.slotCount; slot++) {
    if (store.stateOf(slot) !== RecordState.Live) continue;
    if (query && !query(slot)) continue;
    if (groups.length > 0 && !groups.some((filters) => filters.every((test) => test(slot)))) continue;
    matches.push(slot);
  }
  const end = input.after + input.limit;
  const [sort] = input.sorts;
  // Slots ascend with ids: unsorted matches are already in HubSpot's default order.
  const ordered = sort ? topSorted(store, matches, sort, end) : matches.slice(0, end);
  const slots = ordered.slice(input.after, end);
  return { total: matches.length, slots, ...(input.limit > 0 && end < matches.length ? { nextAfter: end } : {}) };
}

function checkShape(input: SearchInput): void {
  if (input.filterGroups.length > SEARCH_LIMITS.groups) {
    throw validationError(`Too many filter groups: ${input.filterGroups.length}; at most ${SEARCH_LIMITS.groups} are allowed.`);
  }
  let filters = 0;
  for (const group of input.filterGroups) {
    if (group.filters.length > SEARCH_LIMITS.filtersPerGroup) {
      throw validationError(`Too many filters in a group: ${group.filters.length}; at most ${SEARCH_LIMITS.filtersPerGroup} are allowed per group.`);
    }
    filters += group.filters.length;
  }
  if (filters > SEARCH_LIMITS.filters) throw validationError(`Too many filters: ${filters}; at most ${SEARCH_LIMITS.filters} are allowed in all.`);
  if (input.sorts.length > 1) throw validationError('Only one sort is allowed.');
  if (!Number.isInteger(input.limit) || input.limit < 0 || input.limit > SEARCH_LIMITS.pageSize) {
    throw validationError(`limit must be an integer from 0 to ${SEARCH_LIMITS.pageSize}, got ${input.limit}.`);
  }
  if (input.after + input.limit > SEARCH_LIMITS.results) {
    throw validationError(`Search results are limited to ${SEARCH_LIMITS.results} in all; after (${input.after}) plus limit (${input.limit}) goes past them.`);
  }
}

type Access =
  | { kind: 'number'; get: (slot: number) => number | null }
  | { kind: 'text'; get: (slot: number) => string | null; multiple: boolean };

function definitionOf(store: RecordStore, name: string): PropertyDefinition {
  const definition = propertyDefinition(store.type, name);
  if (!definition) throw validationError(`Property "${name}" does not exist on ${store.type}.`, { context: { propertyName: [name] } });
  return definition;
}

function accessOf(store: RecordStore, name: string): Access {
  const definition = definitionOf(store, name);
  const type: ObjectType = store.type;
  if (name === 'hs_object_id') return { kind: 'number', get: (slot) => store.idOf(slot) };
  if (name === 'createdate') return { kind: 'number', get: (slot) => store.createdAtOf(slot) };
  if (name === LAST_MODIFIED_PROPERTY[type]) return { kind: 'number', get: (slot) => store.updatedAtOf(slot) };
  const column = store.column(name) ?? [];
  if (definition.type === 'number' || definition.type === 'datetime') {
    // Numbers and date-times (stored as epoch milliseconds) both read with Number.
    return {
      kind: 'number',
      get: (slot) => {
        const text = column[slot];
        if (text === null || text === undefined) return null;
        const value = Number(text);
        return Number.isNaN(value) ? null : value;
      },
    };
  }
  return { kind: 'text', get: (slot) => column[slot] ?? null, multiple: definition.fieldType === 'checkbox' };
}

function numberValue(name: string, value: Scalar | undefined, dates: boolean): number {
  if (value === undefined) throw validationError(`The filter on ${name} needs a value.`);
  const parsed = typeof value === 'number' ? value : dates ? parseDateTime(String(value)) : Number(String(value).trim());
  if (Number.isNaN(parsed) || String(value).trim() === '') throw validationError(`${String(value)} is not a valid ${dates ? 'date' : 'number'} for ${name}.`);
  return parsed;
}

function textValue(name: string, value: Scalar | undefined): string {
  if (value === undefined) throw validationError(`The filter on ${name} needs a value.`);
  return String(value).toLowerCase();
}

/** Equal, ignoring case, without lowercasing every candidate. */
function sameText(candidate: string, lower: string): boolean {
  return candidate.length === lower.length && candidate.toLowerCase() === lower;
}

function compileFilter(store: RecordStore, filter: SearchFilter): Predicate {
  const name = filter.propertyName;
  const access = accessOf(store, name);
  const definition = definitionOf(store, name);
  const isDate = definition.type === 'datetime';
  const op = filter.operator;

  if (op === 'HAS_PROPERTY') return (slot) => access.get(slot) !== null;
  if (op === 'NOT_HAS_PROPERTY') return (slot) => access.get(slot) === null;
  if (op === 'CONTAINS_TOKEN' || op === 'NOT_CONTAINS_TOKEN') {
    const matcher = tokenMatcher(textValue(name, filter.value));
    const contains: Predicate = (slot) => {
      const value = access.get(slot);
      return value !== null && matcher(String(value));
    };
    return op === 'CONTAINS_TOKEN' ? contains : (slot) => !contains(slot);
  }

  if (access.kind === 'number') {
    const get = access.get;
    const num = (value: Scalar | undefined) => numberValue(name, value, isDate);
    switch (op) {
      case 'EQ':
      case 'NEQ': {
        const target = num(filter.value);
        const eq: Predicate = (slot) => get(slot) === target;
        return op === 'EQ' ? eq : (slot) => !eq(slot);
      }
      case 'IN':
      case 'NOT_IN': {
        const targets = new Set(listOf(name, filter.values).map(num));
        const isIn: Predicate = (slot) => {
          const value = get(slot);
          return value !== null && targets.has(value);
        };
        return op === 'IN' ? isIn : (slot) => !isIn(slot);
      }
      case 'BETWEEN': {
        const low = num(filter.value);
        const high = num(filter.highValue);
        return (slot) => {
          const value = get(slot);
          return value !== null && value >= low && value <= high;
        };
      }
      default:
        return compare(get, num(filter.value), op);
    }
  }

  const get = access.get;
  const parts = access.multiple ? (value: string) => value.split(';') : (value: string) => [value];
  switch (op) {
    case 'EQ':
    case 'NEQ': {
      const target = textValue(name, filter.value);
      const eq: Predicate = (slot) => {
        const value = get(slot);
        return value !== null && parts(value).some((part) => sameText(part, target));
      };
      return op === 'EQ' ? eq : (slot) => !eq(slot);
    }
    case 'IN':
    case 'NOT_IN': {
      const targets = new Set(listOf(name, filter.values).map((value) => String(value).toLowerCase()));
      const isIn: Predicate = (slot) => {
        const value = get(slot);
        return value !== null && parts(value).some((part) => targets.has(part.toLowerCase()));
      };
      return op === 'IN' ? isIn : (slot) => !isIn(slot);
    }
    case 'BETWEEN': {
      const low = textValue(name, filter.value);
      const high = textValue(name, filter.highValue);
      return (slot) => {
        const value = get(slot)?.toLowerCase();
        return value !== undefined && value >= low && value <= high;
      };
    }
    default: {
      const target = textValue(name, filter.value);
      return compare((slot) => get(slot)?.toLowerCase() ?? null, target, op);
    }
  }
}

function listOf(name: string, values: readonly Scalar[] | undefined): readonly Scalar[] {
  if (!values || values.length === 0) throw validationError(`The filter on ${name} needs values.`);
  return values;
}

function compare<T extends number | string>(get: (slot: number) => T | null, target: T, op: 'LT' | 'LTE' | 'GT' | 'GTE'): Predicate {
  switch (op) {
    case 'LT':
      return (slot) => {
        const value = get(slot);
        return value !== null && value < target;
      };
    case 'LTE':
      return (slot) => {
        const value = get(slot);
        return value !== null && value <= target;
      };
    case 'GT':
      return (slot) => {
        const value = get(slot);
        return value !== null && value > target;
      };
    case 'GTE':
      return (slot) => {
        const value = get(slot);
        return value !== null && value >= target;
      };
  }
}

const TOKEN_SPLIT = /[^\p{L}\p{N}]+/u;

function tokenize(text: string): string[] {
  return text.toLowerCase().split(TOKEN_SPLIT).filter((token) => token !== '');
}

/**
 * CONTAINS_TOKEN: the value's words, in order, appear among the property's words ("example.com"
 * in "ann@example.com"); `*` is a wildcard over the whole value or over one word ("*@example.com").
 */
function tokenMatcher(pattern: string): (value: string) => boolean {
  if (pattern.includes('*')) {
    const source = pattern
      .split('*')
      .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const regex = new RegExp(`^${source}$`, 'u');
    return (value) => {
      const lower = value.toLowerCase();
      return regex.test(lower) || lower.split(/\s+/).some((word) => regex.test(word)) || tokenize(lower).some((token) => regex.test(token));
    };
  }
  const wanted = tokenize(pattern);
  if (wanted.length === 0) return () => false;
  return (value) => {
    const tokens = tokenize(value);
    outer: for (let start = 0; start + wanted.length <= tokens.length; start++) {
      for (let i = 0; i < wanted.length; i++) if (tokens[start + i] !== wanted[i]) continue outer;
      return true;
    }
    return false;
  };
}

/** `query`: every word of the query starts a word of one of the type's searchable properties. */
function compileQuery(store: RecordStore, query: string): Predicate {
  const words = tokenize(query);
  const columns = QUERY_PROPERTIES[store.type].map((name) => store.column(name)).filter((column) => column !== undefined);
  return (slot) => {
    const tokens = columns.flatMap((column) => {
      const value = column[slot];
      return value ? tokenize(value) : [];
    });
    return words.every((word) => tokens.some((token) => token.startsWith(word)));
  };
}

/**
 * The first `count` matches in sort order. Missing values sort last either way; ties keep id
 * order. A bounded heap keeps this O(n log count) for a million matches.
 */
function topSorted(store: RecordStore, matches: readonly number[], sort: SearchSort, count: number): number[] {
  const access = accessOf(store, sort.propertyName);
  const sign = sort.direction === 'DESCENDING' ? -1 : 1;
  const keys = new Array<number | string | null>(store.slotCount);
  for (const slot of matches) {
    const value = access.get(slot);
    keys[slot] = access.kind === 'text' && typeof value === 'string' ? value.toLowerCase() : value;
  }
  const order = (a: number, b: number): number => {
    const ka = keys[a] ?? null;
    const kb = keys[b] ?? null;
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
      return a - b;
    }
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    return a - b;
  };
  if (matches.length <= count * 4) return [...matches].sort(order).slice(0, count);
  return boundedSort(matches, count, order);
}

/** Keeps the `count` smallest under `order` in a max-heap, then sorts them. */
function boundedSort(items: readonly number[], count: number, order: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  const siftUp = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (order(heap[at]!, heap[parent]!) <= 0) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  };
  const siftDown = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let largest = at;
      if (left < heap.length && order(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && order(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === at) return;
      [heap[at], heap[largest]] = [heap[largest]!, heap[at]!];
      at = largest;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      siftUp(heap.length - 1);
    } else if (count > 0 && order(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(order);
}
