import { describe, expect, it } from 'vitest';
import type { HubSpotRecord, PropertyInfo } from '../hubspot';
import { buildMergePlan, PlanInputError } from './merge-plan';

const STAGES = ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer', 'evangelist', 'other'];

const property = (name: string, extra: Partial<PropertyInfo> = {}): PropertyInfo => ({ name, label: name, type: 'string', fieldType: 'text', readOnly: false, hidden: false, options: [], ...extra });

const CONTACT_PROPERTIES: PropertyInfo[] = [
  ...['firstname', 'lastname', 'email', 'phone', 'city', 'jobtitle', 'hubspot_owner_id', 'createdate'].map((name) => property(name)),
  property('lifecyclestage', { options: STAGES }),
  property('hs_additional_emails', { readOnly: true }),
  property('hs_object_id', { readOnly: true }),
  property('lastmodifieddate', { readOnly: true }),
  property('notes_last_updated', { readOnly: true }),
];

function contact(id: string, properties: Record<string, string | null>, updated = '2024-06-01T00:00:00Z'): HubSpotRecord {
  return { id, properties: { hs_object_id: id, ...properties }, createdAt: new Date(properties.createdate ?? '2020-01-01T00:00:00Z'), updatedAt: new Date(updated) };
}

const ann = contact('101', { firstname: 'Ann', lastname: 'Lee', email: 'ann@lee.example', city: 'Boston', phone: null, lifecyclestage: 'lead', createdate: '2021-03-01T00:00:00Z' }, '2024-01-01T00:00:00Z');
const annie = contact('102', { firstname: 'Annie', lastname: 'Lee', email: 'annie@work.example', city: 'Cambridge', phone: '+1 617 555 0100', jobtitle: 'CTO', lifecyclestage: 'customer', createdate: '2019-05-01T00:00:00Z', hubspot_owner_id: '30000001' }, '2024-05-01T00:00:00Z');
const lee = contact('103', { firstname: 'A.', lastname: 'Lee', email: 'a.lee@old.example', createdate: '2022-01-01T00:00:00Z', notes_last_updated: '2024-02-01T00:00:00Z' }, '2024-07-01T00:00:00Z');

const plan = (overrides: Partial<Parameters<typeof buildMergePlan>[0]> = {}) =>
  buildMergePlan({ objectType: 'contacts', records: [ann, annie, lee], properties: CONTACT_PROPERTIES, primaryRule: 'most-complete', ...overrides });

describe('planning a merge', () => {
  it('suggests the most complete record, keeps its values, fills blanks from the others and lists every value lost', () => {
    const built = plan();
    expect(built.primaryId).toBe('102');
    expect(built.suggestedPrimaryId).toBe('102');
    // Ties in completeness go to the more recently updated record.
    expect(built.order).toEqual(['101', '103']);
    expect(built.result).toMatchObject({
      firstname: 'Annie',
      city: 'Cambridge',
      phone: '+1 617 555 0100',
      email: 'annie@work.example',
      hs_additional_emails: 'ann@lee.example;a.lee@old.example',
      lifecyclestage: 'customer',
      createdate: '2019-05-01T00:00:00Z',
    });
    const lost = Object.fromEntries(built.lostValues.map((l) => [`${l.property}=${l.value}`, l.recordIds]));
    expect(lost).toEqual({
      'firstname=Ann': ['101'],
      'firstname=A.': ['103'],
      'city=Boston': ['101'],
      'lifecyclestage=lead': ['101'],
      'createdate=2021-03-01T00:00:00Z': ['101'],
      'createdate=2022-01-01T00:00:00Z': ['103'],
    });
    // The others' emails become additional emails: kept, not lost. Computed properties are HubSpot's.
    expect(built.fields.find((f) => f.property === 'email')).toMatchObject({ rule: 'primary', choosable: false, lost: [] });
    expect(built.fields.map((f) => f.property)).not.toContain('notes_last_updated');
    expect(built.writes).toEqual({});
    expect(built.steps.map((s) => s.kind)).toEqual(['merge', 'merge']);
    expect(built.blockers).toEqual([]);
  });

  it('follows the chosen rule: oldest, most recently updated, or the one with an owner', () => {
    const records = [ann, lee, contact('104', { firstname: 'Ann', email: 'x@y.example', hubspot_owner_id: '30000002', createdate: '2023-01-01T00:00:00Z' }, '2023-01-01T00:00:00Z')];
    expect(plan({ records, primaryRule: 'oldest' }).primaryId).toBe('101');
    expect(plan({ records, primaryRule: 'most-recent' }).primaryId).toBe('103');
    expect(plan({ records, primaryRule: 'has-owner' }).primaryId).toBe('104');
    // A primary picked by hand wins over the rule, which still says what it would pick.
    const byHand = plan({ records, primaryRule: 'has-owner', primaryId: '103' });
    expect(byHand).toMatchObject({ primaryId: '103', suggestedPrimaryId: '104' });
    expect(byHand.records.find((r) => r.isPrimary)?.id).toBe('103');
  });

  it('writes values chosen from other records to the primary first, and the primary\'s own become lost', () => {
    const built = plan({ primaryId: '101', fieldChoices: { firstname: '102', jobtitle: '102' } });
    expect(built.writes).toEqual({ firstname: 'Annie', phone: '+1 617 555 0100', jobtitle: 'CTO', hubspot_owner_id: '30000001' });
    expect(built.previous).toEqual({ firstname: 'Ann', phone: null, jobtitle: null, hubspot_owner_id: null });
    expect(built.result.city).toBe('Boston');
    expect(built.lostValues).toContainEqual({ property: 'firstname', label: 'firstname', value: 'Ann', recordIds: ['101'] });
    expect(built.lostValues).toContainEqual({ property: 'city', label: 'city', value: 'Cambridge', recordIds: ['102'] });
    expect(built.steps[0]).toMatchObject({ kind: 'update', recordId: '101' });
  });

  it('refuses choices that are not in the group or that HubSpot decides', () => {
    expect(() => plan({ primaryId: '999' })).toThrow(PlanInputError);
    expect(() => plan({ fieldChoices: { city: '999' } })).toThrow(/not one of this group's records/);
    expect(() => plan({ fieldChoices: { jobtitle: '101' } })).toThrow(/has no value for jobtitle/);
    expect(() => plan({ fieldChoices: { email: '101' } })).toThrow(/cannot be chosen: HubSpot keeps the primary's email/);
    expect(() => plan({ fieldChoices: { lifecyclestage: '101' } })).toThrow(/furthest down the funnel/);
    expect(() => plan({ records: [ann] })).toThrow(/at least two records/);
  });
});

describe('consent', () => {
  it('keeps an opt-out the primary lacks by writing it to the primary when HubSpot allows it', () => {
    const properties = [...CONTACT_PROPERTIES, property('hs_email_optout', { type: 'bool' })];
    const optedOut = contact('103', { ...lee.properties, hs_email_optout: 'true' }, '2024-07-01T00:00:00Z');
    const built = plan({ records: [ann, annie, optedOut], properties });
    expect(built.primaryId).toBe('102');
    expect(built.consent).toEqual([{ property: 'hs_email_optout', label: 'hs_email_optout', value: 'true', fromRecordIds: ['103'] }]);
    expect(built.writes.hs_email_optout).toBe('true');
    expect(built.consentValues).toEqual({ hs_email_optout: 'true' });
    expect(built.records.find((r) => r.id === '103')?.optedOut).toBe(true);
    expect(() => plan({ records: [ann, annie, optedOut], properties, fieldChoices: { hs_email_optout: '102' } })).toThrow(/cannot be chosen/);
  });

  it('makes an opted-out record the primary when the opt-out is read-only, as HubSpot\'s are, and blocks any other primary', () => {
    const properties = [...CONTACT_PROPERTIES, property('hs_email_optout', { type: 'bool', readOnly: true })];
    const optedOut = contact('101', { ...ann.properties, hs_email_optout: 'true' }, '2024-01-01T00:00:00Z');
    const built = plan({ records: [optedOut, annie, lee], properties });
    expect(built.primaryId).toBe('101');
    expect(built.writes).not.toHaveProperty('hs_email_optout');
    expect(built.result.hs_email_optout).toBe('true');
    expect(built.blockers).toEqual([]);

    const wrong = plan({ records: [optedOut, annie, lee], properties, primaryId: '102' });
    expect(wrong.blockers[0]).toMatch(/opted out of email.*choose a record that opted out as the primary/);
  });
});
