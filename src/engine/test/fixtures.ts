import type { EngineRecord } from '../types';

const FIRST = ['Alice', 'Brian', 'Chloe', 'Daniel', 'Emma', 'Felix', 'Grace', 'Henry', 'Isla', 'Jack', 'Karen', 'Liam', 'Maya', 'Noah', 'Olive', 'Peter', 'Quinn', 'Ruby', 'Sam', 'Tara'];
const LAST = ['Anderson', 'Baker', 'Carter', 'Dalton', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ingram', 'Jensen', 'Keller', 'Lopez', 'Meyer', 'Nolan', 'Ortiz', 'Parker'];
const CITIES = ['Boston', 'Denver', 'Austin', 'Seattle', 'Chicago', 'Miami', 'Portland', 'Atlanta'];

/** Distinct, plausible contacts with no duplicates among them: the background a test's duplicates hide in. */
export function backgroundContacts(count: number): EngineRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const city = CITIES[(i * 7) % CITIES.length]!;
    return {
      id: `bg-${i}`,
      properties: {
        firstname: first,
        lastname: `${last}${i >= FIRST.length * LAST.length ? i : ''}`,
        email: `${first}.${last}.${i}@example${i % 13}.com`.toLowerCase(),
        phone: `(617) 555-${String(1000 + i).padStart(4, '0')}`,
        city,
        zip: String(10_000 + ((i * 37) % 89_000)),
        company: `${LAST[(i * 3) % LAST.length]} ${['Labs', 'Systems', 'Partners', 'Group'][i % 4]}`,
      },
    };
  });
}

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Groups as sorted lists of ids, sorted: comparable whatever order they came in. */
export function groupSets(groups: readonly { recordIds: readonly string[] }[]): string[][] {
  return groups.map((g) => [...g.recordIds].sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
