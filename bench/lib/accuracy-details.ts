import type { DuplicateGroup, EngineRecord } from '../../src/engine';

/** A group holding records of more than one entity, worst first: by wrong pairs, then confidence. */
export interface FalseGroup {
  group: DuplicateGroup;
  wrongPairs: number;
}

export function falseGroups(records: readonly EngineRecord[], truth: readonly string[], groups: readonly DuplicateGroup[], limit = 10): FalseGroup[] {
  const entityOf = new Map(records.map((record, i) => [record.id, truth[i]!]));
  const found: FalseGroup[] = [];
  for (const group of groups) {
    const counts = new Map<string, number>();
    for (const id of group.recordIds) counts.set(entityOf.get(id)!, (counts.get(entityOf.get(id)!) ?? 0) + 1);
    if (counts.size < 2) continue;
    const n = group.recordIds.length;
    const right = [...counts.values()].reduce((sum, k) => sum + (k * (k - 1)) / 2, 0);
    found.push({ group, wrongPairs: (n * (n - 1)) / 2 - right });
  }
  return found.sort((a, b) => b.wrongPairs - a.wrongPairs || b.group.confidence - a.group.confidence || (a.group.id < b.group.id ? -1 : 1)).slice(0, limit);
}

/** True pairs the engine left apart, a few per entity so one big entity does not fill the list; by record id. */
export function missedPairs(records: readonly EngineRecord[], truth: readonly string[], groups: readonly DuplicateGroup[], limit = 10): [number, number][] {
  const groupOf = new Map<string, string>();
  for (const group of groups) for (const id of group.recordIds) groupOf.set(id, group.id);
  const byEntity = new Map<string, number[]>();
  truth.forEach((entity, i) => byEntity.set(entity, [...(byEntity.get(entity) ?? []), i]));
  const missed: [number, number][] = [];
  for (const members of byEntity.values()) {
    if (members.length < 2) continue;
    outer: for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const a = members[x]!;
        const b = members[y]!;
        const ga = groupOf.get(records[a]!.id);
        if (ga === undefined || ga !== groupOf.get(records[b]!.id)) {
          missed.push([a, b]);
          break outer;
        }
      }
    }
  }
  // Spread over the dataset rather than its first entities: every k-th, in a fixed order.
  const step = Math.max(1, Math.floor(missed.length / limit));
  return missed.filter((_, k) => k % step === 0).slice(0, limit);
}

/** A record's filled properties, the long ones cut, as one line. */
export function describeRecord(record: EngineRecord, truth: string, keep?: readonly string[]): string {
  const cells = Object.entries(record.properties)
    .filter(([name, value]) => value !== null && value !== undefined && value !== '' && (!keep || keep.includes(name)))
    .map(([name, value]) => {
      const text = String(value).replace(/\s+/g, ' ');
      return `${name}=${text.length > 70 ? `${text.slice(0, 67)}...` : text}`;
    });
  return `\`${record.id}\` (entity ${truth}): ${cells.join('; ')}`;
}
