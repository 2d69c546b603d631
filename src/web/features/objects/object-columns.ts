import type { ObjectRecordSummary } from '../../../shared/contracts/objects';
import { recordTitle } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';

export interface ObjectColumn {
  header: string;
  /** The properties shown, the first that has a value: a contact without a phone shows its mobile number. */
  properties: readonly string[];
  format?: 'money' | 'date';
  /** Numbers and dates read badly broken over two lines. */
  nowrap?: boolean;
}

/** What identifies a record at a glance, after its name, per type. */
export const OBJECT_COLUMNS: Readonly<Record<ObjectType, readonly ObjectColumn[]>> = {
  contacts: [
    { header: 'Email', properties: ['email'] },
    { header: 'Phone', properties: ['phone', 'mobilephone'], nowrap: true },
    { header: 'Company', properties: ['company'] },
  ],
  companies: [
    { header: 'Domain', properties: ['domain'] },
    { header: 'Phone', properties: ['phone'], nowrap: true },
    { header: 'City', properties: ['city'] },
  ],
  deals: [
    { header: 'Amount', properties: ['amount'], format: 'money', nowrap: true },
    { header: 'Stage', properties: ['dealstage'] },
    { header: 'Close date', properties: ['closedate'], format: 'date', nowrap: true },
  ],
  tickets: [
    { header: 'Status', properties: ['hs_pipeline_stage'] },
    { header: 'Priority', properties: ['hs_ticket_priority'] },
    { header: 'Category', properties: ['hs_ticket_category'] },
  ],
};

/** What the search looks in (the server's OBJECT_FIELDS searchFields), as the search box's hint. */
export const SEARCH_HINTS: Readonly<Record<ObjectType, string>> = {
  contacts: 'Search by name, email, phone, company or record ID',
  companies: 'Search by name, domain, phone, city or record ID',
  deals: 'Search by deal name, amount, stage, pipeline or record ID',
  tickets: 'Search by ticket name, description, category or record ID',
};

/** The singular, for sentences: "No contact with this id". */
export const ONE_OF: Readonly<Record<ObjectType, string>> = { contacts: 'contact', companies: 'company', deals: 'deal', tickets: 'ticket' };

const money = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A property value as people read it: amounts grouped, HubSpot's dates (ISO or epoch ms) as dates. */
export function formatValue(value: string, format?: ObjectColumn['format']): string {
  if (format === 'money') {
    const amount = Number(value);
    return value.trim() !== '' && Number.isFinite(amount) ? money.format(amount) : value;
  }
  if (format === 'date') {
    const date = /^\d{10,13}$/.test(value) ? new Date(Number(value)) : new Date(value);
    return Number.isNaN(date.getTime()) ? value : day.format(date);
  }
  return value;
}

/** The cell's property and value: the first of the column's properties with a value, else the first. */
export function cellOf(record: ObjectRecordSummary, column: ObjectColumn): { property: string; value: string | null } {
  for (const property of column.properties) {
    const value = record.properties[property];
    if (value && value.trim() !== '') return { property, value };
  }
  return { property: column.properties[0]!, value: null };
}

export function nameOf(objectType: ObjectType, record: Pick<ObjectRecordSummary, 'id' | 'name' | 'properties'>): string {
  return record.name ?? recordTitle(objectType, record.properties, record.id);
}
