import type { ObjectType } from '../../shared/object-types';

/** A HubSpot property that counts towards completeness. */
export interface HealthProperty {
  property: string;
  label: string;
  /** How much a gap here hurts: an email missing matters more than a job title. */
  weight: number;
  /** Other properties that fill the same need (a mobile number is a phone number). */
  alternatives?: readonly { property: string; label: string }[];
}

/** Labels follow HubSpot's own, so users recognise the fields. */
const owner = (label: string): HealthProperty => ({ property: 'hubspot_owner_id', label, weight: 1 });

export const HEALTH_PROPERTIES: Readonly<Record<ObjectType, readonly HealthProperty[]>> = {
  contacts: [
    { property: 'email', label: 'Email', weight: 3 },
    { property: 'firstname', label: 'First name', weight: 2 },
    { property: 'lastname', label: 'Last name', weight: 2 },
    { property: 'phone', label: 'Phone number', weight: 2, alternatives: [{ property: 'mobilephone', label: 'Mobile phone number' }] },
    { property: 'company', label: 'Company name', weight: 1.5 },
    { property: 'jobtitle', label: 'Job title', weight: 1 },
    { property: 'address', label: 'Street address', weight: 1 },
    { property: 'city', label: 'City', weight: 1 },
    { property: 'state', label: 'State/Region', weight: 1 },
    { property: 'zip', label: 'Postal code', weight: 1 },
    { property: 'country', label: 'Country/Region', weight: 1 },
    { property: 'lifecyclestage', label: 'Lifecycle stage', weight: 1 },
    owner('Contact owner'),
  ],
  companies: [
    { property: 'name', label: 'Company name', weight: 3 },
    { property: 'domain', label: 'Company domain name', weight: 3 },
    { property: 'phone', label: 'Phone number', weight: 2 },
    { property: 'city', label: 'City', weight: 1 },
    { property: 'state', label: 'State/Region', weight: 1 },
    { property: 'country', label: 'Country/Region', weight: 1 },
    { property: 'industry', label: 'Industry', weight: 1 },
    { property: 'numberofemployees', label: 'Number of employees', weight: 1 },
    { property: 'annualrevenue', label: 'Annual revenue', weight: 1 },
    owner('Company owner'),
  ],
  deals: [
    { property: 'dealname', label: 'Deal name', weight: 3 },
    { property: 'amount', label: 'Amount', weight: 2 },
    { property: 'closedate', label: 'Close date', weight: 2 },
    { property: 'dealstage', label: 'Deal stage', weight: 2 },
    { property: 'pipeline', label: 'Pipeline', weight: 1 },
    owner('Deal owner'),
  ],
  tickets: [
    { property: 'subject', label: 'Ticket name', weight: 3 },
    { property: 'content', label: 'Ticket description', weight: 2 },
    { property: 'hs_pipeline_stage', label: 'Ticket status', weight: 2 },
    { property: 'hs_ticket_priority', label: 'Priority', weight: 1 },
    { property: 'hs_ticket_category', label: 'Category', weight: 1 },
    owner('Ticket owner'),
  ],
};

/**
 * Where HubSpot keeps the last modification: contacts predate the `hs_` naming.
 * The other name is read as a fallback, for exports that carry it instead.
 */
export const MODIFIED_DATE_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
  contacts: ['lastmodifieddate', 'hs_lastmodifieddate'],
  companies: ['hs_lastmodifieddate', 'lastmodifieddate'],
  deals: ['hs_lastmodifieddate', 'lastmodifieddate'],
  tickets: ['hs_lastmodifieddate', 'lastmodifieddate'],
};

export const CREATED_DATE_PROPERTY = 'createdate';
