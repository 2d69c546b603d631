import { describe, expect, it } from 'vitest';
import { propertyDefinitions } from '../../src/synthetic-crm';
import { OBJECT_TYPES, type ObjectType } from './object-types';
import type { RecordStore } from './record-store';
import { seedPortal } from './seed-portal';

const counts = { contacts: 3000, companies: 1500, deals: 1500, tickets: 1500 };
const portal = seedPortal({ seed: 7, counts });

function dump(store: RecordStore, limit: number): string {
  const names = propertyDefinitions(store.type).map((definition) => definition.name);
  const rows: string[] = [];
  for (let slot = 0; slot < Math.min(limit, store.slotCount); slot++) {
    rows.push(JSON.stringify([store.idOf(slot), store.entityOf(slot), ...names.map((name) => store.get(slot, name))]));
  }
  return rows.join('\n');
}

/** Records per entity, for entities with more than one. */
function groups(store: RecordStore): number[][] {
  const byEntity = new Map<number, number[]>();
  for (let slot = 0; slot < store.slotCount; slot++) {
    const list = byEntity.get(store.entityOf(slot)) ?? [];
    list.push(slot);
    byEntity.set(store.entityOf(slot), list);
  }
  return [...byEntity.values()].filter((list) => list.length > 1);
}

describe('seedPortal', () => {
  it('makes the counts asked for', () => {
    for (const type of OBJECT_TYPES) expect(portal[type].size).toBe(counts[type]);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const again = seedPortal({ seed: 7, counts });
    const other = seedPortal({ seed: 8, counts });
    for (const type of OBJECT_TYPES) {
      expect(dump(again[type], 500)).toBe(dump(portal[type], 500));
      expect(dump(other[type], 50)).not.toBe(dump(portal[type], 50));
    }
  });

  it.each(OBJECT_TYPES)('gives %s ascending ids and dates spread over past years', (type: ObjectType) => {
    const store = portal[type];
    const years = new Set<number>();
    for (let slot = 0; slot < store.slotCount; slot++) {
      if (slot > 0) expect(store.idOf(slot)).toBeGreaterThan(store.idOf(slot - 1));
      expect(store.updatedAtOf(slot)).toBeGreaterThanOrEqual(store.createdAtOf(slot));
      years.add(new Date(store.createdAtOf(slot)).getUTCFullYear());
    }
    expect(years.size).toBeGreaterThanOrEqual(8);
  });

  it.each(OBJECT_TYPES)('gives %s duplicates (about a fifth of the records) that differ from their original', (type: ObjectType) => {
    const store = portal[type];
    const duplicated = groups(store);
    const copies = duplicated.reduce((sum, list) => sum + list.length - 1, 0);
    expect(copies / store.size).toBeGreaterThan(0.12);
    expect(copies / store.size).toBeLessThan(0.28);
    const names = propertyDefinitions(type).map((definition) => definition.name).filter((name) => !store.isDerived(name));
    const identical = duplicated.filter(([a, b]) => names.every((name) => store.get(a!, name) === store.get(b!, name)));
    expect(identical.length / duplicated.length).toBeLessThan(0.05);
  });

  it('has realistic variants among contact duplicates: name typos, email and phone formats', () => {
    const store = portal.contacts;
    let nameDiffers = 0;
    let phoneFormat = 0;
    let emailDiffers = 0;
    for (const [a, b] of groups(store)) {
      const first = (slot: number) => store.get(slot, 'firstname') ?? '';
      if (first(a!) !== first(b!) && first(a!) !== '' && first(b!) !== '') nameDiffers++;
      const phoneA = store.get(a!, 'phone');
      const phoneB = store.get(b!, 'phone');
      if (phoneA && phoneB && phoneA !== phoneB && phoneA.replace(/\D/g, '').slice(-7) === phoneB.replace(/\D/g, '').slice(-7)) phoneFormat++;
      const emailA = store.get(a!, 'email');
      const emailB = store.get(b!, 'email');
      if (emailA && emailB && emailA !== emailB) emailDiffers++;
    }
    expect(nameDiffers).toBeGreaterThan(10);
    expect(phoneFormat).toBeGreaterThan(10);
    expect(emailDiffers).toBeGreaterThan(10);
  });

  it('has company-suffix variants among company and deal duplicates', () => {
    const suffix = /\b(inc|llc|ltd|corp|corporation|co|gmbh)\b\.?/gi;
    for (const [type, property] of [['companies', 'name'], ['deals', 'dealname']] as const) {
      const store = portal[type];
      const variants = groups(store).filter(([a, b]) => {
        const nameA = store.get(a!, property) ?? '';
        const nameB = store.get(b!, property) ?? '';
        return nameA !== nameB && nameA.replace(suffix, '').replace(/[\s,]+/g, ' ').trim().toLowerCase() === nameB.replace(suffix, '').replace(/[\s,]+/g, ' ').trim().toLowerCase();
      });
      expect(variants.length, type).toBeGreaterThan(5);
    }
  });

  it('leaves gaps: optional properties are missing on part of the records', () => {
    const gaps: [ObjectType, string][] = [
      ['contacts', 'phone'],
      ['contacts', 'company'],
      ['contacts', 'hs_lead_status'],
      ['companies', 'industry'],
      ['companies', 'zip'],
      ['deals', 'amount'],
      ['deals', 'closedate'],
      ['tickets', 'hs_ticket_priority'],
      ['tickets', 'hubspot_owner_id'],
    ];
    for (const [type, property] of gaps) {
      const store = portal[type];
      let missing = 0;
      for (let slot = 0; slot < store.slotCount; slot++) if (store.get(slot, property) === null) missing++;
      expect(missing / store.size, `${type}.${property}`).toBeGreaterThan(0.05);
      expect(missing / store.size, `${type}.${property}`).toBeLessThan(0.95);
    }
  });

  it('keeps one contact per email, as HubSpot does', () => {
    const store = portal.contacts;
    const seen = new Set<string>();
    for (let slot = 0; slot < store.slotCount; slot++) {
      const email = store.get(slot, 'email')?.trim().toLowerCase();
      if (!email) continue;
      expect(seen.has(email)).toBe(false);
      seen.add(email);
    }
  });

  it('links contacts to companies of the same name', () => {
    const contacts = portal.contacts;
    let linked = 0;
    for (let slot = 0; slot < contacts.slotCount; slot++) {
      const companyId = contacts.get(slot, 'associatedcompanyid');
      if (!companyId) continue;
      linked++;
      const company = portal.companies.resolve(companyId);
      expect(portal.companies.get(company, 'name')?.toLowerCase()).toBe(contacts.get(slot, 'company')?.toLowerCase());
    }
    expect(linked).toBeGreaterThan(0);
  });
});
