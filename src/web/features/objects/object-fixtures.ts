import type { ObjectRecordPage, ObjectRecordSummary, ObjectRecordView, RecordQuality } from '../../../shared/contracts/objects';
import type { DuplicateGroupView } from '../../../shared/contracts/results';

/** API answers for the objects screens' tests, shaped by src/shared/contracts/objects.ts. */

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

export function quality(overrides: Partial<RecordQuality> = {}): RecordQuality {
  return { flags: [], missingFields: [], invalidEmails: [], invalidPhones: [], daysSinceUpdate: 3, duplicateGroupIds: [], ...overrides };
}

export function contactSummary(id: string, overrides: Partial<ObjectRecordSummary> = {}): ObjectRecordSummary {
  return {
    id,
    name: 'Grace Hopper',
    properties: { firstname: 'Grace', lastname: 'Hopper', email: 'grace@navy.mil', phone: '(415) 555-2671', mobilephone: null, company: 'US Navy', jobtitle: null },
    createdAt: daysAgo(100),
    updatedAt: daysAgo(3),
    quality: quality(),
    ...overrides,
  };
}

export const CONTACT_FIELDS: ObjectRecordPage['fields'] = [
  { property: 'email', label: 'Email', key: true },
  { property: 'firstname', label: 'First Name', key: true },
  { property: 'lastname', label: 'Last Name', key: true },
  { property: 'phone', label: 'Phone Number', key: true },
  { property: 'mobilephone', label: 'Mobile Phone Number', key: false },
  { property: 'company', label: 'Company Name', key: false },
  { property: 'jobtitle', label: 'Job Title', key: false },
];

/** Four contacts: one fine, one without an email, one with a bad phone, one stale and in a duplicate group. */
export function contactsPage(overrides: Partial<ObjectRecordPage> = {}): ObjectRecordPage {
  return {
    objectType: 'contacts',
    valueLabels: {},
    records: [
      contactSummary('101'),
      contactSummary('102', {
        name: 'Alan Turing',
        properties: { firstname: 'Alan', lastname: 'Turing', email: null, phone: null, mobilephone: '+44 20 7946 0958', company: null, jobtitle: null },
        quality: quality({ flags: ['missing-fields'], missingFields: ['email'] }),
      }),
      contactSummary('103', {
        name: 'Barbara Liskov',
        properties: { firstname: 'Barbara', lastname: 'Liskov', email: 'barbara@mit.edu', phone: '12345', mobilephone: null, company: 'MIT', jobtitle: null },
        quality: quality({ flags: ['invalid-phone'], invalidPhones: [{ property: 'phone', value: '12345', reason: 'unreadable' }] }),
      }),
      contactSummary('104', {
        name: 'Donald Knuth',
        properties: { firstname: 'Donald', lastname: 'Knuth', email: 'don@stanford.edu', phone: null, mobilephone: null, company: 'Stanford', jobtitle: null },
        updatedAt: daysAgo(412),
        quality: quality({ flags: ['missing-fields', 'stale', 'possible-duplicate'], missingFields: ['phone'], daysSinceUpdate: 412, duplicateGroupIds: [77] }),
      }),
    ],
    page: 1,
    pageSize: 25,
    total: 60,
    counts: { all: 60, 'missing-fields': 12, 'invalid-email': 0, 'invalid-phone': 3, stale: 7, 'possible-duplicate': 4 },
    fields: CONTACT_FIELDS,
    checks: ['missing-fields', 'invalid-email', 'invalid-phone', 'stale', 'possible-duplicate'],
    staleAfterDays: 365,
    ...overrides,
  };
}

export function duplicateGroup(overrides: Partial<DuplicateGroupView> = {}): DuplicateGroupView {
  return {
    id: 77,
    objectType: 'contacts',
    scanId: 9,
    matchKey: 'email',
    confidence: 0.973,
    status: 'pending',
    primaryRecordId: '104',
    records: [
      { id: '104', isPrimary: true, properties: { firstname: 'Donald', lastname: 'Knuth', email: 'don@stanford.edu' }, updatedAt: null },
      { id: '188', isPrimary: false, properties: { firstname: 'Don', lastname: 'Knuth', email: 'don@stanford.edu' }, updatedAt: null },
    ],
    valueLabels: {},
    explanations: [
      {
        a: '104',
        b: '188',
        weight: 12,
        probability: 0.973,
        priorWeight: -8,
        fields: [{ field: 'email', label: 'Email', level: 'exact match', exact: true, weight: 14, valueA: 'don@stanford.edu', valueB: 'don@stanford.edu' }],
      },
    ],
    createdAt: daysAgo(1),
    updatedAt: daysAgo(1),
    ...overrides,
  };
}

export function contactRecord(overrides: Partial<ObjectRecordView> = {}): ObjectRecordView {
  return {
    objectType: 'contacts',
    valueLabels: {},
    id: '104',
    name: 'Donald Knuth',
    properties: { firstname: 'Donald', lastname: 'Knuth', email: 'don@stanford.edu', phone: '12345', company: 'Stanford', jobtitle: 'Professor', createdate: '2019-05-01T10:00:00.000Z' },
    fields: [
      { property: 'email', label: 'Email', key: true },
      { property: 'firstname', label: 'First Name', key: true },
      { property: 'lastname', label: 'Last Name', key: true },
      { property: 'phone', label: 'Phone Number', key: true },
      { property: 'company', label: 'Company Name', key: false },
      { property: 'jobtitle', label: 'Job Title', key: false },
      { property: 'createdate', label: 'Create Date', key: false },
    ],
    createdAt: daysAgo(2000),
    updatedAt: daysAgo(412),
    syncedAt: daysAgo(1),
    quality: quality({ flags: ['invalid-phone', 'stale', 'possible-duplicate'], invalidPhones: [{ property: 'phone', value: '12345', reason: 'unreadable' }], daysSinceUpdate: 412, duplicateGroupIds: [77] }),
    duplicateGroups: [duplicateGroup()],
    checks: ['missing-fields', 'invalid-email', 'invalid-phone', 'stale', 'possible-duplicate'],
    staleAfterDays: 365,
    ...overrides,
  };
}
