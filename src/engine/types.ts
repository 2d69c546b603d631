import type { ObjectType } from '../shared/object-types';
import type { PackedRecords } from './parallel/transfer';
import type { EngineSettings } from './settings';
import type { PrepareContext, TextColumn } from './text-column';

/** One CRM record as the engine receives it: HubSpot property values, anything may be missing. */
export interface EngineRecord {
  id: string;
  properties: Readonly<Record<string, unknown>>;
  /** Last modification, for the suggested primary. */
  updatedAt?: string | number | Date | null;
}

/**
 * Records read a batch at a time (a CSV file, the mirror a page at a time): each batch is
 * prepared as it comes and let go, so a million records are never all held as objects.
 * Their ids are unique: the source sees to it, as a batch is gone before the next comes.
 */
export interface RecordBatches {
  batches: AsyncIterable<readonly EngineRecord[]>;
  /**
   * The same records as pages, read instead of `batches` where workers prepare: a page a
   * worker takes is packed for it (RecordColumns holds its pages packed, and sends them as
   * they are), and only the pages this thread prepares become records here.
   */
  pages?: () => AsyncIterable<RecordPage>;
  /** How many records the batches hold, where known: a small set is scanned on one thread. */
  total?: number;
  /**
   * The records at these indexes (increasing), read again: the members of groups, for their
   * explanations, which show `properties` of theirs alone (a source may leave out the rest).
   */
  recordsAt(indexes: readonly number[], properties?: readonly string[]): Promise<readonly EngineRecord[]>;
}

/** A page of records (see RecordBatches.pages), made into whichever form the thread that takes it needs. */
export interface RecordPage {
  count: number;
  /** The records' ids, resolved, in order. */
  ids(): readonly string[];
  /** The records packed for another thread, with the properties in `reads` alone: the rest would only be copied across. */
  packed(reads: readonly string[]): PackedRecords;
  records(): EngineRecord[];
}

/** Marks a comparison that could not be made because a value is missing. */
export const NULL_LEVEL = 255;

export interface ComparisonLevel {
  label: string;
  /** Prior m probability: used to start EM and as its pseudo-counts on small datasets. */
  m: number;
  /** Prior u probability (chance agreement of two different records), for small datasets; "different" takes the rest. */
  u?: number;
  /**
   * Keep m as given rather than learn it: for disagreements that correlated fields would
   * otherwise explain away (two sites of one chain share name and phone, not house number).
   */
  fixed?: boolean;
  /**
   * Evidence another comparison already counts (two webmail addresses alike only because
   * both are made of the same names): weighs nothing and teaches EM nothing, like a
   * missing value, but explanations name it.
   */
  neutral?: boolean;
  /**
   * A weight in bits known better than random pairs can measure it, kept whatever the data
   * teach (m is u times 2^weight), and like a neutral level it teaches EM nothing: the same
   * names and number before the @, which random pairs never share but namesakes do.
   */
  weight?: number;
  /**
   * Agreement namesakes reach as readily as one person's records (the same town, the same
   * job title): it counts towards the weight but does not back a name up (see ObjectModel.nameFields).
   */
  circumstantial?: boolean;
}

/** One field's comparison: which level of agreement two records reach. */
export interface Comparison {
  name: string;
  label: string;
  levels: readonly ComparisonLevel[];
  /** Level index for records i and j, or NULL_LEVEL. Must be symmetric in i and j. */
  compare(i: number, j: number): number;
  /** Exact matches on a rare value count more: the column whose value's frequency adjusts `level`. */
  termFrequency?: { level: number; column: TextColumn };
  /** The record properties this comparison reads, shown side by side in explanations. */
  properties: readonly string[];
  /**
   * Learn m only from the pairs of blocking rules on one of these comparisons (an email
   * address): pairs found by phone, address or company include families and colleagues,
   * who agree on all of that and differ only here, and EM would take them for duplicates.
   * Elsewhere the level's prior m stands.
   */
  learntFrom?: readonly string[];
}

/** A blocking key: only records that share a key (for at least one rule) are compared. */
export interface BlockingRule {
  name: string;
  /** Comparisons this rule forces to (nearly) agree: EM cannot learn their m from its pairs. */
  fields: readonly string[];
  /**
   * Record i's key as a 31-bit hash (see block/keys.ts), -1 without one. Two keys whose
   * hashes collide share a block: a few extra comparisons, no pair lost.
   */
  key(i: number): number;
  /** Orders an oversized block so that its sliding window keeps similar records together. */
  sortKey?(i: number): string;
  /**
   * Pairs only records on different sides (0 or 1) of a block: a rule for names written
   * in either order has nothing to add for two records that write them the same way.
   */
  side?(i: number): number;
  /**
   * A broad rule (date of birth alone, say) that only runs while the pairs it would add
   * stay within the dataset's pair budget; otherwise it is skipped and reported.
   */
  broad?: boolean;
}

/** A prepared dataset of one object type: plain data, so worker threads can receive it. */
export interface PreparedDataset {
  objectType: ObjectType;
  size: number;
  ids: string[];
  /** Non-empty properties per record, for the suggested primary. */
  completeness: Uint16Array;
  updatedAt: Float64Array;
  columns: Record<string, TextColumn>;
  /** Numeric columns (amounts, times), NaN when missing. */
  numbers?: Record<string, Float64Array>;
  /** Yes/no facts per record (is the email a webmail address), 1 for yes. */
  flags?: Record<string, Uint8Array>;
  /**
   * Every blocking rule's key for every record (see computeKeys), when the threads that
   * prepared the records worked them out; otherwise blocking asks the rules.
   */
  blockingKeys?: Int32Array;
}

export interface ObjectModel {
  objectType: ObjectType;
  /** Every record property `prepare` reads: only these cross to worker threads. */
  reads: readonly string[];
  /** With a context, batches of one dataset prepared one after another share their dictionaries (see PrepareContext). */
  prepare(records: readonly EngineRecord[], settings: EngineSettings, context?: PrepareContext): PreparedDataset;
  comparisons(data: PreparedDataset, settings: EngineSettings): Comparison[];
  blockingRules(data: PreparedDataset): BlockingRule[];
  /**
   * Records that are two people whatever else they share (two clearly different first
   * names): never in one group, not even through a third record, unless the pair itself
   * shares one of `unlessSame` exactly (an email address, a phone number) and no other
   * field counts against it, or shares an id and is a match. Built before the distinct values are released.
   */
  apart?(data: PreparedDataset, settings: EngineSettings): ApartRule;
  /**
   * Comparisons that only name the person (first and last name): a pair that agrees on
   * nothing else identifying and has something against it is namesakes, never a match
   * (see score/namesakes.ts).
   */
  nameFields?: readonly string[];
}

/** See ObjectModel.apart. */
export interface ApartRule {
  /** The comparison that tells the two apart. */
  field: string;
  /** Comparisons whose exact agreement (level 0) may overrule it, when no other field counts against the pair. */
  unlessSame: readonly string[];
  /**
   * Personal identifiers (a customer or national id, a date of birth) whose agreement, up to
   * the level given (0: exact), overrules it for a pair the scan accepts as a match.
   */
  unlessSameId?: Readonly<Record<string, number>>;
  test(i: number, j: number): boolean;
}
