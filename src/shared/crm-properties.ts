/**
 * The HubSpot properties the product shows, with HubSpot's own labels (so users recognise
 * them), in the order a person reads a record: the identifying fields first.
 */
import type { ObjectType } from './object-types';

const COMMON: Readonly<Record<string, string>> = {
  hubspot_owner_id: 'Owner',
  createdate: 'Create Date',
  lastmodifieddate: 'Last Modified Date',
  hs_lastmodifieddate: 'Last Modified Date',
  hs_merged_object_ids: 'Merged record IDs',
  hs_object_id: 'Record ID',
};

export const PROPERTY_LABELS: Readonly<Record<ObjectType, Readonly<Record<string, string>>>> = {
  contacts: {
    firstname: 'First Name',
    lastname: 'Last Name',
    email: 'Email',
    hs_additional_emails: 'Additional email addresses',
    phone: 'Phone Number',
    mobilephone: 'Mobile Phone Number',
    company: 'Company Name',
    jobtitle: 'Job Title',
    website: 'Website URL',
    address: 'Street Address',
    city: 'City',
    state: 'State/Region',
    zip: 'Postal Code',
    country: 'Country/Region',
    lifecyclestage: 'Lifecycle Stage',
    hs_lead_status: 'Lead Status',
    associatedcompanyid: 'Primary Associated Company ID',
    notes_last_updated: 'Last Activity Date',
    ...COMMON,
  },
  companies: {
    name: 'Company name',
    domain: 'Company Domain Name',
    hs_additional_domains: 'Additional Domains',
    website: 'Website URL',
    phone: 'Phone Number',
    address: 'Street Address',
    city: 'City',
    state: 'State/Region',
    zip: 'Postal Code',
    country: 'Country/Region',
    industry: 'Industry',
    numberofemployees: 'Number of Employees',
    annualrevenue: 'Annual Revenue',
    lifecyclestage: 'Lifecycle Stage',
    ...COMMON,
  },
  deals: {
    dealname: 'Deal Name',
    amount: 'Amount',
    dealstage: 'Deal Stage',
    pipeline: 'Pipeline',
    closedate: 'Close Date',
    dealtype: 'Deal Type',
    hs_primary_associated_company: 'Company',
    ...COMMON,
  },
  tickets: {
    subject: 'Ticket name',
    content: 'Ticket description',
    hs_pipeline: 'Pipeline',
    hs_pipeline_stage: 'Ticket status',
    hs_ticket_priority: 'Priority',
    hs_ticket_category: 'Category',
    source_type: 'Source',
    hs_primary_company_name: 'Company',
    hs_primary_company_id: 'Company record',
    hs_all_associated_contact_emails: 'Contact emails',
    ...COMMON,
  },
};

/** HubSpot's label for a property, or the internal name when we know no label. */
export function propertyLabel(objectType: ObjectType, property: string): string {
  return PROPERTY_LABELS[objectType][property] ?? property;
}

/** Properties in reading order: the known ones as listed above, then any others by name. */
export function orderProperties(objectType: ObjectType, names: Iterable<string>): string[] {
  const known = Object.keys(PROPERTY_LABELS[objectType]);
  const rank = (name: string) => {
    const at = known.indexOf(name);
    return at === -1 ? known.length : at;
  };
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Date-time properties: shown as dates, not as ISO strings. */
export const DATE_PROPERTIES: ReadonlySet<string> = new Set(['createdate', 'lastmodifieddate', 'hs_lastmodifieddate', 'notes_last_updated', 'closedate']);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A record's name as people call it (a person's name or email, a company's name, a deal's, a ticket's subject); null when it has none. */
export function recordName(objectType: ObjectType, properties: Readonly<Record<string, unknown>>): string | null {
  const p = (name: string) => text(properties[name]);
  const name =
    objectType === 'contacts'
      ? [p('firstname'), p('lastname')].filter(Boolean).join(' ') || p('email')
      : objectType === 'companies'
        ? p('name') || p('domain')
        : objectType === 'deals'
          ? p('dealname')
          : p('subject');
  return name || null;
}

/** Id -> name of the records that have one: kept with a decision, so History names records, not ids. */
export function recordNames(objectType: ObjectType, records: readonly { id: unknown; properties?: Readonly<Record<string, unknown>> }[]): Record<string, string> {
  return Object.fromEntries(
    records.flatMap((r) => {
      const name = recordName(objectType, r.properties ?? {});
      return name ? [[String(r.id), name]] : [];
    }),
  );
}

/** A short name for a record: its name, else "Record <id>". */
export function recordTitle(objectType: ObjectType, properties: Readonly<Record<string, unknown>>, id: string): string {
  return recordName(objectType, properties) ?? `Record ${id}`;
}
