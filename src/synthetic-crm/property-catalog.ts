/**
 * The property definitions of each object type: the properties HUBSPOT.md lists, typed as
 * HubSpot types them. Types drive both write validation and how search compares values.
 */
import type { ObjectType } from '../shared/object-types';

/** Contacts keep the old name; every other type has the hs_ prefix. */
export const LAST_MODIFIED_PROPERTY: Readonly<Record<ObjectType, string>> = {
  contacts: 'lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
  tickets: 'hs_lastmodifieddate',
};

/** Properties HubSpot returns on every record, asked for or not. */
export function systemProperties(type: ObjectType): readonly string[] {
  return ['createdate', 'hs_object_id', LAST_MODIFIED_PROPERTY[type]];
}

export type PropertyType = 'string' | 'number' | 'datetime' | 'enumeration' | 'phone_number';

export interface PropertyOption {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
}

export interface PropertyDefinition {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  groupName: string;
  description: string;
  options: readonly PropertyOption[];
  /** HubSpot computes the value; writes are refused. */
  readOnlyValue: boolean;
  calculated: boolean;
  hidden: boolean;
  hasUniqueValue: boolean;
}

/** The users who own records; the same in every portal. */
export const OWNERS: readonly { id: string; firstName: string; lastName: string; email: string }[] = [
  ['30000001', 'Avery', 'Collins'],
  ['30000002', 'Jordan', 'Blake'],
  ['30000003', 'Priya', 'Raman'],
  ['30000004', 'Mateo', 'Ruiz'],
  ['30000005', 'Hannah', 'Weber'],
  ['30000006', 'Kenji', 'Sato'],
  ['30000007', 'Chloe', 'Martin'],
  ['30000008', 'Samuel', 'Okafor'],
].map(([id, firstName, lastName]) => ({
  id: id!,
  firstName: firstName!,
  lastName: lastName!,
  email: `${firstName!.toLowerCase()}.${lastName!.toLowerCase()}@sandbox-owner.example`,
}));

const options = (entries: readonly (readonly [value: string, label: string])[]): PropertyOption[] =>
  entries.map(([value, label], displayOrder) => ({ value, label, displayOrder, hidden: false }));

export const LIFECYCLE_STAGES = options([
  ['subscriber', 'Subscriber'],
  ['lead', 'Lead'],
  ['marketingqualifiedlead', 'Marketing Qualified Lead'],
  ['salesqualifiedlead', 'Sales Qualified Lead'],
  ['opportunity', 'Opportunity'],
  ['customer', 'Customer'],
  ['evangelist', 'Evangelist'],
  ['other', 'Other'],
]);

export const LEAD_STATUSES = options([
  ['NEW', 'New'],
  ['OPEN', 'Open'],
  ['IN_PROGRESS', 'In Progress'],
  ['OPEN_DEAL', 'Open Deal'],
  ['UNQUALIFIED', 'Unqualified'],
  ['ATTEMPTED_TO_CONTACT', 'Attempted to Contact'],
  ['CONNECTED', 'Connected'],
  ['BAD_TIMING', 'Bad Timing'],
]);

export const DEAL_STAGES = options([
  ['appointmentscheduled', 'Appointment Scheduled'],
  ['qualifiedtobuy', 'Qualified To Buy'],
  ['presentationscheduled', 'Presentation Scheduled'],
  ['decisionmakerboughtin', 'Decision Maker Bought-In'],
  ['contractsent', 'Contract Sent'],
  ['closedwon', 'Closed Won'],
  ['closedlost', 'Closed Lost'],
]);

const DEAL_TYPES = options([
  ['newbusiness', 'New Business'],
  ['existingbusiness', 'Existing Business'],
]);

export const TICKET_STAGES = options([
  ['1', 'New'],
  ['2', 'Waiting on contact'],
  ['3', 'Waiting on us'],
  ['4', 'Closed'],
]);

export const TICKET_PRIORITIES = options([
  ['LOW', 'Low'],
  ['MEDIUM', 'Medium'],
  ['HIGH', 'High'],
  ['URGENT', 'Urgent'],
]);

export const TICKET_CATEGORIES = options([
  ['PRODUCT_ISSUE', 'Product issue'],
  ['BILLING_ISSUE', 'Billing issue'],
  ['FEATURE_REQUEST', 'Feature request'],
  ['GENERAL_INQUIRY', 'General inquiry'],
]);

export const TICKET_SOURCES = options([
  ['EMAIL', 'Email'],
  ['CHAT', 'Chat'],
  ['FORM', 'Form'],
  ['PHONE', 'Phone'],
]);

const INDUSTRIES = options(
  `ACCOUNTING AUTOMOTIVE COMPUTER_SOFTWARE CONSTRUCTION EDUCATION_MANAGEMENT FACILITIES_SERVICES FINANCIAL_SERVICES
  FOOD_BEVERAGES HOSPITAL_HEALTH_CARE HOSPITALITY INFORMATION_TECHNOLOGY_AND_SERVICES INSURANCE LAW_PRACTICE
  LOGISTICS_AND_SUPPLY_CHAIN MANAGEMENT_CONSULTING MARKETING_AND_ADVERTISING MECHANICAL_OR_INDUSTRIAL_ENGINEERING
  MEDICAL_PRACTICE REAL_ESTATE RENEWABLES_ENVIRONMENT RETAIL STAFFING_AND_RECRUITING`
    .trim()
    .split(/\s+/)
    .map((value) => [value, value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ')] as const),
);

const OWNER_OPTIONS = options(OWNERS.map((owner) => [owner.id, `${owner.firstName} ${owner.lastName}`] as const));

type Spec = readonly [name: string, label: string, type: PropertyType, group: string, extra?: Partial<PropertyDefinition>];

const FIELD_TYPES: Record<PropertyType, string> = {
  string: 'text',
  number: 'number',
  datetime: 'date',
  enumeration: 'select',
  phone_number: 'phonenumber',
};

const calculated = { readOnlyValue: true, calculated: true } as const;

const common = (type: ObjectType, group: string): Spec[] => [
  ['hubspot_owner_id', `${type === 'contacts' ? 'Contact' : type === 'companies' ? 'Company' : type === 'deals' ? 'Deal' : 'Ticket'} owner`, 'enumeration', group, { options: OWNER_OPTIONS }],
  ['createdate', 'Create Date', 'datetime', group],
  [LAST_MODIFIED_PROPERTY[type], 'Last Modified Date', 'datetime', group, calculated],
  ['hs_object_id', 'Record ID', 'number', group, { ...calculated, hasUniqueValue: true }],
  ['hs_merged_object_ids', 'Merged record IDs', 'enumeration', group, { ...calculated, fieldType: 'checkbox', hidden: true }],
];

const SPECS: Record<ObjectType, Spec[]> = {
  contacts: [
    ['firstname', 'First Name', 'string', 'contactinformation'],
    ['lastname', 'Last Name', 'string', 'contactinformation'],
    ['email', 'Email', 'string', 'contactinformation', { hasUniqueValue: true }],
    ['hs_additional_emails', 'Additional email addresses', 'enumeration', 'contactinformation', { ...calculated, fieldType: 'checkbox' }],
    ['phone', 'Phone Number', 'phone_number', 'contactinformation'],
    ['mobilephone', 'Mobile Phone Number', 'phone_number', 'contactinformation'],
    ['company', 'Company Name', 'string', 'contactinformation'],
    ['jobtitle', 'Job Title', 'string', 'contactinformation'],
    ['website', 'Website URL', 'string', 'contactinformation'],
    ['address', 'Street Address', 'string', 'contactinformation'],
    ['city', 'City', 'string', 'contactinformation'],
    ['state', 'State/Region', 'string', 'contactinformation'],
    ['zip', 'Postal Code', 'string', 'contactinformation'],
    ['country', 'Country/Region', 'string', 'contactinformation'],
    ['lifecyclestage', 'Lifecycle Stage', 'enumeration', 'contactinformation', { options: LIFECYCLE_STAGES }],
    ['hs_lead_status', 'Lead Status', 'enumeration', 'sales_properties', { options: LEAD_STATUSES }],
    ['associatedcompanyid', 'Primary Associated Company ID', 'number', 'contactinformation'],
    ['notes_last_updated', 'Last Activity Date', 'datetime', 'contact_activity', calculated],
    ...common('contacts', 'contactinformation'),
  ],
  companies: [
    ['name', 'Company name', 'string', 'companyinformation'],
    ['domain', 'Company Domain Name', 'string', 'companyinformation'],
    ['hs_additional_domains', 'Additional Domains', 'enumeration', 'companyinformation', { fieldType: 'checkbox' }],
    ['website', 'Website URL', 'string', 'companyinformation'],
    ['phone', 'Phone Number', 'phone_number', 'companyinformation'],
    ['address', 'Street Address', 'string', 'companyinformation'],
    ['city', 'City', 'string', 'companyinformation'],
    ['state', 'State/Region', 'string', 'companyinformation'],
    ['zip', 'Postal Code', 'string', 'companyinformation'],
    ['country', 'Country/Region', 'string', 'companyinformation'],
    ['industry', 'Industry', 'enumeration', 'companyinformation', { options: INDUSTRIES }],
    ['numberofemployees', 'Number of Employees', 'number', 'companyinformation'],
    ['annualrevenue', 'Annual Revenue', 'number', 'companyinformation'],
    ['lifecyclestage', 'Lifecycle Stage', 'enumeration', 'companyinformation', { options: LIFECYCLE_STAGES }],
    ...common('companies', 'companyinformation'),
  ],
  deals: [
    ['dealname', 'Deal Name', 'string', 'dealinformation'],
    ['amount', 'Amount', 'number', 'dealinformation'],
    ['dealstage', 'Deal Stage', 'enumeration', 'dealinformation', { options: DEAL_STAGES, fieldType: 'radio' }],
    ['pipeline', 'Pipeline', 'enumeration', 'dealinformation', { options: options([['default', 'Sales Pipeline']]) }],
    ['closedate', 'Close Date', 'datetime', 'dealinformation'],
    ['dealtype', 'Deal Type', 'enumeration', 'dealinformation', { options: DEAL_TYPES, fieldType: 'radio' }],
    // HubSpot keeps the deal's primary associated company as a property as well as an association.
    ['hs_primary_associated_company', 'Primary Associated Company ID', 'number', 'dealinformation', calculated],
    ...common('deals', 'dealinformation'),
  ],
  tickets: [
    ['subject', 'Ticket name', 'string', 'ticketinformation'],
    ['content', 'Ticket description', 'string', 'ticketinformation', { fieldType: 'textarea' }],
    ['hs_pipeline', 'Pipeline', 'enumeration', 'ticketinformation', { options: options([['0', 'Support Pipeline']]) }],
    ['hs_pipeline_stage', 'Ticket status', 'enumeration', 'ticketinformation', { options: TICKET_STAGES }],
    ['hs_ticket_priority', 'Priority', 'enumeration', 'ticketinformation', { options: TICKET_PRIORITIES }],
    ['hs_ticket_category', 'Category', 'enumeration', 'ticketinformation', { options: TICKET_CATEGORIES, fieldType: 'checkbox' }],
    ['source_type', 'Source', 'enumeration', 'ticketinformation', { options: TICKET_SOURCES }],
    // Who asked, as HubSpot copies it from the ticket's associations.
    ['hs_all_associated_contact_emails', 'All associated contact emails', 'string', 'ticketinformation', calculated],
    ['hs_primary_company_id', 'Primary Company ID', 'number', 'ticketinformation', calculated],
    ['hs_primary_company_name', 'Primary Company Name', 'string', 'ticketinformation', calculated],
    ...common('tickets', 'ticketinformation'),
  ],
};

function catalogOf(type: ObjectType): ReadonlyMap<string, PropertyDefinition> {
  return new Map(
    SPECS[type].map(([name, label, propertyType, groupName, extra]): [string, PropertyDefinition] => [
      name,
      {
        name,
        label,
        type: propertyType,
        fieldType: FIELD_TYPES[propertyType],
        groupName,
        description: '',
        options: [],
        readOnlyValue: false,
        calculated: false,
        hidden: false,
        hasUniqueValue: false,
        ...extra,
      },
    ]),
  );
}

const CATALOG: Record<ObjectType, ReadonlyMap<string, PropertyDefinition>> = {
  contacts: catalogOf('contacts'),
  companies: catalogOf('companies'),
  deals: catalogOf('deals'),
  tickets: catalogOf('tickets'),
};

export function propertyDefinitions(type: ObjectType): readonly PropertyDefinition[] {
  return [...CATALOG[type].values()];
}

export function propertyDefinition(type: ObjectType, name: string): PropertyDefinition | undefined {
  return CATALOG[type].get(name);
}
