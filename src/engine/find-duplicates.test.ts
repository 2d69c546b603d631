import { describe, expect, it } from 'vitest';
import { pairExplainer } from './explain/explain-pair';
import { findDuplicates, type KeptScan } from './find-duplicates';
import { objectModel } from './models';
import { bothNamesExact, fullNameAdjustment, scorePairs } from './score/score-pairs';
import { fullNames, termFrequencies, type FullNames } from './score/term-frequency';
import type { TrainedModel } from './score/train-m';
import { resolveEngineSettings } from './settings';
import { backgroundContacts, commonFullName, groupSets, shuffled } from './test/fixtures';
import type { Comparison, EngineRecord } from './types';

const robert: EngineRecord = {
  id: 'c-1',
  properties: { firstname: 'Robert', lastname: 'Smith', email: 'Robert.Smith@acme.com', phone: '(415) 555-2671', company: 'Acme, Inc.', city: 'San Francisco', jobtitle: 'CTO' },
  updatedAt: '2024-01-01T00:00:00Z',
};
const bob: EngineRecord = {
  id: 'c-2',
  properties: { firstname: 'Bob', lastname: 'Smith', email: 'robert.smith@acme.com ', phone: '415.555.2671', company: 'ACME LLC' },
  updatedAt: '2025-06-01T00:00:00Z',
};
const contacts = [...backgroundContacts(300), robert, bob];

describe('findDuplicates on contacts', () => {
  const result = findDuplicates(contacts, 'contacts');
  const group = result.groups.find((g) => g.recordIds.includes('c-1'));

  it('groups Robert and Bob Smith, who share an email and a phone number', () => {
    expect(group?.recordIds).toEqual(['c-1', 'c-2']);
    expect(group!.confidence).toBeGreaterThan(0.95);
    expect(group!.matchKey).toContain('email');
  });

  it('leads the reason with its strongest evidence: identical email outweighs a shared first name', () => {
    // The first name is the same on every pair; the email is identical on one and a typo away on the others.
    const records: EngineRecord[] = [
      { id: 'e-1', properties: { firstname: 'Annika', lastname: 'Berg', email: 'annika.berg@fjord.example', city: 'Bergen' } },
      { id: 'e-2', properties: { firstname: 'Annika', lastname: 'Bergström', email: 'annika.berg@fjord.example', city: 'Oslo' } },
      { id: 'e-3', properties: { firstname: 'Annika', lastname: 'Berg', email: 'annika.berg@fjord.exmaple', city: 'Bergen' } },
    ];
    const found = findDuplicates([...backgroundContacts(300), ...records], 'contacts').groups.find((g) => g.recordIds.includes('e-1'));
    expect(found?.recordIds).toEqual(['e-1', 'e-2', 'e-3']);
    const total = (name: string) => found!.pairs.reduce((sum, pair) => sum + pair.fields.find((f) => f.field === name)!.weight, 0);
    expect(total('email')).toBeGreaterThan(total('firstname'));
    expect(found!.matchKey.split('+')[0]).toBe('email');
  });

  it('finds no duplicates among distinct people', () => {
    expect(result.groups).toHaveLength(1);
    expect(result.duplicateRecordCount).toBe(2);
  });

  it('explains the pair field by field, with both values and each weight', () => {
    const pair = group!.pairs[0]!;
    const email = pair.fields.find((f) => f.field === 'email')!;
    expect(email).toMatchObject({ level: 'exact match', exact: true, valueA: 'Robert.Smith@acme.com' });
    expect(email.weight).toBeGreaterThan(5);
    const first = pair.fields.find((f) => f.field === 'firstname')!;
    expect(first.level).toBe('same name (nickname)');
    expect(first.weight).toBeGreaterThan(0);
    const total = pair.priorWeight + pair.fields.reduce((sum, f) => sum + f.weight, 0);
    expect(total).toBeCloseTo(pair.weight, 1);
  });

  it('gives the explanations to whatever reads the group: JSON, a copy, each read the same', () => {
    // Built when read (ExplainedLinks): a saved or copied group must still carry them.
    const saved = JSON.parse(JSON.stringify(group)) as typeof group;
    expect(saved!.pairs).toEqual(group!.pairs);
    expect({ ...group! }.pairs).toEqual(group!.pairs);
    expect(structuredClone(group)!.pairs).toEqual(group!.pairs);
    expect(Object.keys(group!)).toEqual(['id', 'recordIds', 'primaryId', 'confidence', 'matchKey', 'pairs']);
    expect(group!.pairs[0]!.fields.find((f) => f.field === 'email')!.valueB).toBe('robert.smith@acme.com');
  });

  it('explains with the same levels, weights and reason but no values when asked for none', () => {
    const bare = findDuplicates(contacts, 'contacts', { values: false });
    const values = (r: typeof result) => new Set(r.groups.flatMap((g) => g.pairs.flatMap((p) => p.fields.flatMap((f) => [f.valueA, f.valueB]))));
    const withoutValues = (r: typeof result) =>
      r.groups.map((g) => ({ ...g, pairs: g.pairs.map((p) => ({ ...p, fields: p.fields.map((f) => ({ ...f, valueA: '', valueB: '' })) })) }));
    expect(withoutValues(bare)).toEqual(withoutValues(result));
    expect(values(result)).toContain('Robert.Smith@acme.com');
    expect(values(bare)).toEqual(new Set(['']));
  });

  it('suggests the most complete record as the primary', () => {
    expect(group!.primaryId).toBe('c-1');
  });

  it('reports the pairs compared and how blocking found them', () => {
    expect(result.pairsCompared).toBe(result.blocking.pairCount);
    expect(result.blocking.byRule.find((r) => r.rule === 'email')!.pairs).toBeGreaterThanOrEqual(1);
  });

  it('never proposes a pair marked "not duplicates" again', () => {
    const again = findDuplicates(contacts, 'contacts', { notDuplicates: [['c-2', 'c-1']] });
    expect(again.groups.find((g) => g.recordIds.includes('c-1'))).toBeUndefined();
  });

  it('never groups a dismissed pair, not even through a third record', () => {
    const withThird = [...contacts, { id: 'c-3', properties: { firstname: 'Rob', lastname: 'Smith', email: 'robert.smith@acme.com', phone: '415 555 2671' } }];
    const result = findDuplicates(withThird, 'contacts', { notDuplicates: [['c-1', 'c-2']] });
    const holding = (id: string) => result.groups.find((g) => g.recordIds.includes(id))?.id;
    expect(holding('c-1') === undefined || holding('c-1') !== holding('c-2')).toBe(true);
    expect(holding('c-3')).toBeDefined();
  });

  it('weighs a similar city the same whichever record comes first', () => {
    const towns = Array.from({ length: 200 }, (_, i) => ({ id: `s-${i}`, properties: { firstname: `Person${i}`, lastname: `Family${i}`, city: 'Springfield', state: 'IL' } }));
    const a = { id: 'x-a', properties: { firstname: 'Jon', lastname: 'Smyth', city: 'Springfield', state: 'IL', company: 'Alpha' } };
    const b = { id: 'x-b', properties: { firstname: 'Jon', lastname: 'Smyth', city: 'Springfeld', state: 'IL', company: 'Alpha' } };
    const location = (records: EngineRecord[]) =>
      findDuplicates(records, 'contacts', { settings: { duplicateDetectionSensitivity: 'high' } }).groups.flatMap((g) => g.pairs).find((p) => [p.a, p.b].sort().join() === 'x-a,x-b');
    const ab = location([...towns, a, b]);
    const ba = location([...towns, b, a]);
    expect(ab).toBeDefined();
    expect(ab!.weight).toBe(ba?.weight);
  });

  it('finds the same groups whatever the order of the records', () => {
    const withMore = [...contacts, { id: 'c-3', properties: { firstname: 'Rob', lastname: 'Smith', email: 'rob.smith@gmail.com', phone: '+1 415 555 2671' } }];
    const a = groupSets(findDuplicates(withMore, 'contacts').groups);
    const b = groupSets(findDuplicates(shuffled(withMore, 7), 'contacts').groups);
    expect(b).toEqual(a);
    expect(a.find((g) => g.includes('c-1'))).toEqual(['c-1', 'c-2', 'c-3']);
  });

  it('treats Gmail dots and tags as the same address only while emails are normalized', () => {
    const people = [
      ...backgroundContacts(200),
      { id: 'g-1', properties: { firstname: 'Jane', lastname: 'Doe', email: 'jane.doe+crm@gmail.com' } },
      { id: 'g-2', properties: { firstname: 'Jane', lastname: 'Doe', email: 'janedoe@gmail.com' } },
    ];
    const on = findDuplicates(people, 'contacts');
    const off = findDuplicates(people, 'contacts', { settings: { normalizeEmails: false } });
    const emailLevel = (r: typeof on) => r.groups.find((g) => g.recordIds.includes('g-1'))?.pairs[0]?.fields.find((f) => f.field === 'email')?.level;
    expect(emailLevel(on)).toBe('exact match');
    expect(emailLevel(off)).not.toBe('exact match');
  });

  it('finds at least as many duplicates at high sensitivity as at low', () => {
    const fuzzy = [
      ...contacts,
      { id: 'f-1', properties: { firstname: 'Katherine', lastname: 'Johnson', city: 'Denver', zip: '80202' } },
      { id: 'f-2', properties: { firstname: 'Kathrine', lastname: 'Johnson', city: 'Denver', zip: '80202' } },
    ];
    const low = findDuplicates(fuzzy, 'contacts', { settings: { duplicateDetectionSensitivity: 'low' } });
    const high = findDuplicates(fuzzy, 'contacts', { settings: { duplicateDetectionSensitivity: 'high' } });
    expect(high.threshold.probability).toBeLessThan(low.threshold.probability);
    expect(high.duplicateRecordCount).toBeGreaterThanOrEqual(low.duplicateRecordCount);
  });

  it('learns from confirmed duplicates: the labelled agreement level gains weight', () => {
    const plain = findDuplicates(contacts, 'contacts');
    const taught = findDuplicates(contacts, 'contacts', { confirmedDuplicates: [['c-1', 'c-2']] });
    const nickname = (r: typeof plain) => r.model.fields.find((f) => f.field === 'firstname')!.levels.find((l) => l.label === 'same name (nickname)')!.weight;
    expect(nickname(taught)).toBeGreaterThan(nickname(plain));
  });
});

describe('findDuplicates on other object types', () => {
  it('groups companies whose names differ only by legal form and share a domain', () => {
    const companies: EngineRecord[] = [
      ...Array.from({ length: 150 }, (_, i) => ({ id: `co-${i}`, properties: { name: `Company ${i} ${['Alpha', 'Beta', 'Gamma'][i % 3]}`, domain: `company${i}.com`, city: 'Boston' } })),
      { id: 'a-1', properties: { name: 'Acme, Inc.', domain: 'acme.com', phone: '617-555-0100' } },
      { id: 'a-2', properties: { name: 'ACME LLC', website: 'https://www.acme.com/about', phone: '(617) 555 0100' } },
    ];
    const result = findDuplicates(companies, 'companies');
    expect(groupSets(result.groups)).toEqual([['a-1', 'a-2']]);
  });

  it("reads a company's phone number in its own country, however the country is written", () => {
    const companies: EngineRecord[] = [
      ...Array.from({ length: 150 }, (_, i) => ({ id: `co-${i}`, properties: { name: `Company ${i} ${['Alpha', 'Beta', 'Gamma'][i % 3]}`, domain: `company${i}.com`, city: 'Boston' } })),
      { id: 'n-1', properties: { name: 'Nordwind GmbH', phone: '030 1234567', address: '12 Unter den Linden', city: 'Berlin', country: 'Germany' } },
      { id: 'n-2', properties: { name: 'Nordwind', phone: '+49 30 1234567', address: '12 Unter den Linden', city: 'Berlin', country: 'DE' } },
      { id: 's-1', properties: { name: 'Sunrise Bakery', phone: '(415) 555-0123', city: 'San Francisco', state: 'CA', country: 'United States' } },
      { id: 's-2', properties: { name: 'Sunrise Bakery Inc', phone: '415.555.0123', city: 'San Francisco', state: 'CA', country: 'United States' } },
    ];
    const result = findDuplicates(companies, 'companies');
    expect(groupSets(result.groups)).toEqual([['n-1', 'n-2'], ['s-1', 's-2']]);
    const field = (id: string, label: string) => result.groups.find((g) => g.recordIds.includes(id))!.pairs[0]!.fields.find((f) => f.label === label)!.level;
    expect(field('n-1', 'Phone')).toBe('same number');
    expect(field('s-1', 'Phone')).toBe('same number');
  });

  it('groups deals with the same name, company and amount', () => {
    const deals: EngineRecord[] = [
      ...Array.from({ length: 120 }, (_, i) => ({ id: `d-${i}`, properties: { dealname: `Renewal ${i}`, amount: String(1000 + i * 37), closedate: `2025-0${(i % 9) + 1}-15`, company: `Customer ${i}` } })),
      { id: 'x-1', properties: { dealname: 'Acme – Enterprise plan', amount: '12000', closedate: '2025-03-01', company: 'Acme Inc' } },
      { id: 'x-2', properties: { dealname: 'Enterprise plan Acme', amount: '12,000.00', closedate: '2025-03-02', company: 'ACME' } },
    ];
    expect(groupSets(findDuplicates(deals, 'deals').groups)).toEqual([['x-1', 'x-2']]);
  });

  it('groups tickets from one requester about the same problem on the same day', () => {
    const tickets: EngineRecord[] = [
      ...Array.from({ length: 120 }, (_, i) => ({ id: `t-${i}`, properties: { subject: `Question number ${100 + i} about invoice ${1000 + i * 3}`, content: `Details of order ${5000 + i} shipped ${200 + i * 7}`, requester_email: `person${i}@example.com`, createdate: `2025-02-${String((i % 27) + 1).padStart(2, '0')}T10:00:00Z` } })),
      { id: 'y-1', properties: { subject: 'Cannot log in to the portal', content: 'I reset my password twice and still cannot log in to the customer portal', requester_email: 'sam@client.com', createdate: '2025-02-03T09:00:00Z' } },
      { id: 'y-2', properties: { subject: 'Can not log in to portal', content: 'Still cannot log in to the customer portal after resetting my password', requester_email: 'Sam@client.com', createdate: '2025-02-03T11:30:00Z' } },
    ];
    expect(groupSets(findDuplicates(tickets, 'tickets').groups)).toEqual([['y-1', 'y-2']]);
  });

  it('answers an empty dataset with no groups', () => {
    const result = findDuplicates([], 'contacts');
    expect(result.groups).toEqual([]);
    expect(result.recordCount).toBe(0);
  });
});

describe('mailbox names', () => {
  it('does not count a role mailbox or one made of the names as a shared mailbox name', async () => {
    const { madeOfNames } = await import('./models/contacts');
    expect(madeOfNames('stephen.rogers', 'stephen', 'rogers')).toBe(true);
    expect(madeOfNames('srogers', 'stephen', 'rogers')).toBe(true);
    expect(madeOfNames('stephen.rogers82', 'stephen', 'rogers')).toBe(false);
    expect(madeOfNames('steverog', 'stephen', 'rogers')).toBe(false);
    const people = [
      ...backgroundContacts(200),
      { id: 'm-1', properties: { firstname: 'Maria', lastname: 'Lopez', email: 'marketing@acme.com', zip: '60601' } },
      { id: 'm-2', properties: { firstname: 'Maria', lastname: 'Chen', email: 'marketing@globex.com', zip: '60601' } },
    ];
    expect(findDuplicates(people, 'contacts').groups.some((g) => g.recordIds.includes('m-1'))).toBe(false);
  });
});

describe('email addresses made of the names', () => {
  const people = [
    ...backgroundContacts(300),
    { id: 'k-1', properties: { firstname: 'Karen', lastname: 'Fairbrook', email: 'karen.fairbrook79@outlook.com', phone: '(559) 846-6026', city: 'Fresno' } },
    { id: 'k-2', properties: { firstname: 'Karen', lastname: 'Fairbrook', email: 'karen.fairbrook@outlook.com', phone: '559-846-6026', city: 'Fresno' } },
    { id: 't-1', properties: { firstname: 'Tomas', lastname: 'Quillfeather', email: 'tomas.quillfeather@northwind.com', company: 'Northwind' } },
    { id: 't-2', properties: { firstname: 'Tomas', lastname: 'Quillfeather', email: 'tomas.quilfeather@northwind.com', company: 'Northwind' } },
  ];
  const groups = findDuplicates(people, 'contacts').groups;
  const emailOf = (id: string) => groups.find((g) => g.recordIds.includes(id))!.pairs[0]!.fields.find((f) => f.field === 'email')!;

  it('weigh nothing when two addresses look alike only because both are the same names', () => {
    // Every pair of namesakes at a webmail provider has addresses like these, and colleagues at one company ("jlowhill@", "qlowhill@").
    expect(emailOf('k-1')).toMatchObject({ level: 'similar, both made of the names', weight: 0 });
  });

  it('still count a near-identical work address, which namesakes rarely share', () => {
    expect(emailOf('t-1').level).toBe('similar (Jaro-Winkler ≥ 0.92, or two characters apart)');
    expect(emailOf('t-1').weight).toBeGreaterThan(3);
  });
});

describe('a full name many records hold', () => {
  const records = [...backgroundContacts(300), ...commonFullName()];
  const result = findDuplicates(records, 'contacts');
  const pairOf = (id: string) => result.groups.find((g) => g.recordIds.includes(id))?.pairs[0];
  const lastName = (id: string) => pairOf(id)!.fields.find((f) => f.field === 'lastname')!.weight;

  it('counts less for two records of it than for a full name only they hold, made of names as common', () => {
    expect(pairOf('jb-lyon-1')?.fields.map((f) => f.level)).toEqual(pairOf('jm-nantes-1')?.fields.map((f) => f.level));
    // Ten Jean Bernards where the names apart expect well under one: the pair loses bits on its last name.
    expect(lastName('jm-nantes-1') - lastName('jb-lyon-1')).toBeGreaterThan(2);
    expect(pairOf('jm-nantes-1')!.weight - pairOf('jb-lyon-1')!.weight).toBeCloseTo(lastName('jm-nantes-1') - lastName('jb-lyon-1'), 1);
  });

  it('never shows the exact last name counting against the pair: what the last name cannot lose, the first name does', () => {
    const more: EngineRecord[] = Array.from({ length: 40 }, (_, i) => ({ id: `x-${i}`, properties: { firstname: 'Jean', lastname: 'Bernard', city: `Ville ${i}`, email: `jb${i}@m${i}.example` } }));
    const crowded = findDuplicates([...records, ...more], 'contacts');
    const pair = (id: string) => crowded.groups.find((g) => g.recordIds.includes(id))!.pairs[0]!;
    const field = (id: string, name: string) => pair(id).fields.find((f) => f.field === name)!.weight;
    expect(field('jb-lyon-1', 'lastname')).toBe(0);
    expect(field('jb-lyon-1', 'firstname')).toBeLessThan(field('jm-nantes-1', 'firstname'));
    const bernard = pair('jb-lyon-1');
    expect(bernard.priorWeight + bernard.fields.reduce((sum, f) => sum + f.weight, 0)).toBeCloseTo(bernard.weight, 1);
  });

  it('is scored as it is explained: every candidate pair weighs what its explanation adds up to', () => {
    let kept: KeptScan | undefined;
    findDuplicates(records, 'contacts', { keep: (scan) => (kept = scan) });
    const { data, pairs, levels, model } = kept!;
    const comparisons = objectModel('contacts').comparisons(data, resolveEngineSettings());
    const frequencies = termFrequencies(comparisons, data.size);
    const names = fullNames(comparisons, data.size, objectModel('contacts').nameFields);
    const weights = scorePairs(comparisons, { count: pairs.count, levels }, model.trained, frequencies, pairs.left, pairs.right, names);
    const explain = pairExplainer(comparisons, model.trained, frequencies, null, data.ids, names);
    const at = new Uint8Array(comparisons.length);
    let adjusted = 0;
    for (let k = 0; k < pairs.count; k++) {
      levels.forEach((column, c) => (at[c] = column[k]!));
      expect(weights[k]).toBeCloseTo(explain(at, pairs.left[k]!, pairs.right[k]!).weight, 1);
      if (bothNamesExact(names, at) && fullNameAdjustment(names, comparisons, model.trained, frequencies, pairs.left[k]!, pairs.right[k]!) < 0) adjusted++;
    }
    // The Jean Bernards' pairs among them.
    expect(adjusted).toBeGreaterThan(0);
  });
});

describe('fullNameAdjustment', () => {
  const comparisons = ['firstname', 'lastname'].map((name) => ({ name, termFrequency: { level: 0, column: { codes: Int32Array.of(1, 1) } } })) as unknown as Comparison[];
  const model = { u: [[0.01], [0.01]] } as unknown as TrainedModel;
  const held = (count: number): FullNames => ({ first: 0, last: 1, firstLevel: 0, lastLevel: 0, total: 1000, countOf: () => count });

  it("leaves a full name alone while its count is the pair and up to three of the person's own copies", () => {
    expect(fullNameAdjustment(held(5), comparisons, model, [null, null], 0, 1)).toBe(0);
  });

  it('takes off what a full name held by more says against the names apart', () => {
    // One other: 1 in 998 records, where the names apart (u 0.01 each, no counts) expect 1 in 10,000.
    expect(fullNameAdjustment(held(6), comparisons, model, [null, null], 0, 1)).toBeCloseTo(Math.log2((0.0001 * 998) / 1), 6);
    expect(fullNameAdjustment(held(50), comparisons, model, [null, null], 0, 1)).toBeLessThan(fullNameAdjustment(held(6), comparisons, model, [null, null], 0, 1));
  });

  it('never adds: a full name rarer than its names apart say is no evidence', () => {
    // One other in 100,000 records, where the names apart expect ten.
    expect(fullNameAdjustment({ ...held(6), total: 100_000 }, comparisons, model, [null, null], 0, 1)).toBe(0);
  });
});

describe('records that repeat an id', () => {
  it('counts the first, leaves the rest out and says how many', () => {
    const twin = { ...robert, properties: { ...robert.properties, firstname: 'Someone', lastname: 'Else', email: 'else@elsewhere.org', phone: '' } };
    const result = findDuplicates([...contacts, twin], 'contacts');
    expect(result.repeatedIds).toBe(1);
    expect(result.recordCount).toBe(contacts.length);
    expect(result.groups.find((g) => g.recordIds.includes('c-1'))?.recordIds).toEqual(['c-1', 'c-2']);
  });

  it('keeps the names of records without an id when a repeat drops out before them', () => {
    const records = [{ id: 'a', properties: {} }, { id: 'a', properties: {} }, { properties: { firstname: 'X' } } as unknown as EngineRecord];
    const result = findDuplicates(records, 'contacts');
    expect(result.repeatedIds).toBe(1);
    expect(result.recordCount).toBe(2);
  });
});
