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

/**
 * Two pairs of one person's records, alike but for the full name: Jean Bernard (Lyon), held
 * by eight more records, and Jean Martin (Nantes), held by no other. Bernard and Martin are
 * each held by ten records and Jean by twelve, so the names apart are as common in both.
 */
export function commonFullName(): EngineRecord[] {
  const cities = ['Paris', 'Marseille', 'Toulouse', 'Nice', 'Lille', 'Rennes', 'Reims', 'Brest'];
  const person = (id: string, firstname: string, lastname: string, extra: Record<string, string>): EngineRecord => ({ id, properties: { firstname, lastname, ...extra } });
  return [
    ...cities.map((city, i) => person(`jb-${i}`, 'Jean', 'Bernard', { city, email: `jean.bernard${i}@mail${i}.example`, phone: `+33 1 45 00 10 ${10 + i}` })),
    ...cities.map((city, i) => person(`pm-${i}`, ['Paul', 'Luc', 'Marc', 'Hugo', 'Theo', 'Louis', 'Noah', 'Enzo'][i]!, 'Martin', { city, email: `martin${i}@post${i}.example` })),
    person('jb-lyon-1', 'Jean', 'Bernard', { city: 'Lyon', company: 'Rhône Logistique' }),
    person('jb-lyon-2', 'Jean', 'Bernard', { city: 'Lyon', company: 'Rhône Logistique' }),
    person('jm-nantes-1', 'Jean', 'Martin', { city: 'Nantes', company: 'Atlantique Conseil' }),
    person('jm-nantes-2', 'Jean', 'Martin', { city: 'Nantes', company: 'Atlantique Conseil' }),
  ];
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
