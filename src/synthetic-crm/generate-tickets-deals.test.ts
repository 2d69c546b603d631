import { describe, expect, it } from 'vitest';
import { generatePortal } from './generate-portal';

const portal = generatePortal({ seed: 5, counts: { contacts: 3000, companies: 800, deals: 2000, tickets: 2000 } });
const DAY = 86_400_000;

/** Slots of each true entity with more than one record. */
function entities(data: { entities: number[] }): number[][] {
  const slots = new Map<number, number[]>();
  data.entities.forEach((entity, slot) => slots.set(entity, [...(slots.get(entity) ?? []), slot]));
  return [...slots.values()].filter((list) => list.length > 1);
}

describe('generated tickets', () => {
  const tickets = portal.tickets;
  const column = (name: string) => tickets.columns.get(name) ?? [];
  const contact = column('hs_all_associated_contact_emails');
  const company = column('hs_primary_company_id');
  const subject = column('subject');
  const requester = (slot: number) => contact[slot] ?? (company[slot] ? `company ${company[slot]}` : null);

  it('has many customers reporting the same common problems', () => {
    const customersBySubject = new Map<string, Set<string>>();
    for (let slot = 0; slot < tickets.ids.length; slot++) {
      const who = requester(slot);
      if (who) customersBySubject.set(subject[slot]!, (customersBySubject.get(subject[slot]!) ?? new Set()).add(who));
    }
    const widest = Math.max(...[...customersBySubject.values()].map((set) => set.size));
    expect(widest).toBeGreaterThan(50);
  });

  it('makes duplicates of one customer asking again within days, the subject edited', () => {
    const copies = entities(tickets);
    expect(copies.length).toBeGreaterThan(150);
    let sameRequester = 0;
    let edited = 0;
    for (const [first, ...others] of copies) {
      for (const other of others) {
        expect(Math.abs(tickets.createdAt[other]! - tickets.createdAt[first!]!)).toBeLessThanOrEqual(11 * DAY);
        const a = requester(first!);
        if (a && (a === requester(other) || (company[first!] && company[first!] === company[other]))) sameRequester++;
        if (subject[other] !== subject[first!]) edited++;
      }
    }
    const pairs = copies.reduce((sum, list) => sum + list.length - 1, 0);
    expect(sameRequester / pairs).toBeGreaterThan(0.5);
    expect(edited / pairs).toBeGreaterThan(0.9);
  });

  it('makes the same customer with the same problem months later a new ticket', () => {
    const seen = new Map<string, number>();
    let recurrences = 0;
    for (let slot = 0; slot < tickets.ids.length; slot++) {
      const key = `${contact[slot]} ${subject[slot]}`;
      const earlier = seen.get(key);
      if (contact[slot] && earlier !== undefined && tickets.entities[earlier] !== tickets.entities[slot] && tickets.createdAt[slot]! - tickets.createdAt[earlier]! > 60 * DAY) recurrences++;
      seen.set(key, slot);
    }
    expect(recurrences).toBeGreaterThan(5);
  });
});

describe('generated deals', () => {
  const deals = portal.deals;
  const name = deals.columns.get('dealname') ?? [];
  const company = deals.columns.get('hs_primary_associated_company') ?? [];

  it('gives many companies deals of the same name', () => {
    const companiesByName = new Map<string, Set<string>>();
    for (let slot = 0; slot < deals.ids.length; slot++) {
      if (company[slot]) companiesByName.set(name[slot]!.toLowerCase(), (companiesByName.get(name[slot]!.toLowerCase()) ?? new Set()).add(company[slot]!));
    }
    expect([...companiesByName.values()].filter((set) => set.size > 1).length).toBeGreaterThan(20);
  });

  it('keeps the company on most copies of a deal', () => {
    let same = 0;
    let pairs = 0;
    for (const [first, ...others] of entities(deals)) {
      for (const other of others) {
        pairs++;
        if (company[first!] && company[first!] === company[other]) same++;
      }
    }
    expect(pairs).toBeGreaterThan(150);
    expect(same / pairs).toBeGreaterThan(0.7);
  });
});
