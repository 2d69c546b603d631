import type { ObjectType } from '../../src/shared/object-types';

/** HubSpot properties each object type reads; a column with one of these names maps itself. */
const PROPERTIES: Record<ObjectType, string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'phone', 'mobilephone', 'company', 'jobtitle', 'website', 'address', 'city', 'state', 'zip', 'country', 'date_of_birth', 'external_id', 'lifecyclestage', 'createdate', 'lastmodifieddate'],
  companies: ['name', 'domain', 'website', 'phone', 'address', 'city', 'state', 'zip', 'country', 'industry', 'numberofemployees', 'annualrevenue', 'createdate', 'hs_lastmodifieddate'],
  deals: ['dealname', 'amount', 'closedate', 'dealstage', 'pipeline', 'company', 'associatedcompanyid', 'createdate', 'hs_lastmodifieddate'],
  tickets: ['subject', 'content', 'requester_email', 'hs_ticket_category', 'hs_ticket_priority', 'hs_pipeline_stage', 'createdate', 'hs_lastmodifieddate'],
};

/** Column titles of HubSpot exports and common spreadsheets, squashed (lower case, letters and digits only). */
const ALIASES: Record<string, string> = {
  firstname: 'firstname', givenname: 'firstname', forename: 'firstname', first: 'firstname',
  lastname: 'lastname', surname: 'lastname', familyname: 'lastname', last: 'lastname',
  emailaddress: 'email', email: 'email', mail: 'email',
  phonenumber: 'phone', telephone: 'phone', tel: 'phone', mobilephonenumber: 'mobilephone', mobile: 'mobilephone', cell: 'mobilephone',
  companyname: 'company', organisation: 'company', organization: 'company', account: 'company',
  jobtitle: 'jobtitle', title: 'jobtitle', position: 'jobtitle', occupation: 'jobtitle', role: 'jobtitle',
  streetaddress: 'address', address1: 'address', street: 'address',
  postalcode: 'zip', postcode: 'zip', zipcode: 'zip', town: 'city', suburb: 'city', region: 'state', province: 'state',
  dateofbirth: 'date_of_birth', dob: 'date_of_birth', birthdate: 'date_of_birth', birthday: 'date_of_birth',
  websiteurl: 'website', url: 'website', companydomainname: 'domain',
  dealname: 'dealname', dealstage: 'dealstage', closedate: 'closedate', amount: 'amount',
  ticketname: 'subject', ticketdescription: 'content', description: 'content',
  createdate: 'createdate', createdat: 'createdate', lastmodifieddate: 'lastmodifieddate', updatedat: 'lastmodifieddate',
};

/** Columns that identify a record, in order of preference. */
const ID_COLUMNS = ['recordid', 'hsobjectid', 'id', 'contactid', 'companyid', 'dealid', 'ticketid'];

const squash = (title: string) => title.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ColumnMapping {
  /** Column index of each mapped property. */
  properties: Map<string, number>;
  /** Column index of the record id, or -1 to number records by line. */
  idColumn: number;
  unmapped: string[];
}

/**
 * Which column feeds which property: `--map column=property` first, then columns named
 * like the object type's properties, then well-known titles ("Email Address", "Post Code").
 */
export function mapColumns(header: readonly string[], objectType: ObjectType, explicit: Record<string, string>, idColumn?: string): ColumnMapping {
  const known = new Set(PROPERTIES[objectType]);
  const properties = new Map<string, number>();
  const unmapped: string[] = [];
  const explicitBySquashed = new Map(Object.entries(explicit).map(([column, property]) => [squash(column), property]));
  header.forEach((title, index) => {
    const key = squash(title);
    const property = explicitBySquashed.get(key) ?? (known.has(title.trim().toLowerCase()) ? title.trim().toLowerCase() : undefined) ?? (known.has(ALIASES[key] ?? '') ? ALIASES[key] : undefined);
    if (property && !properties.has(property)) properties.set(property, index);
    else unmapped.push(title);
  });
  for (const column of Object.keys(explicit)) {
    if (!header.some((title) => squash(title) === squash(column))) throw new Error(`--map names a column that is not in the file: ${column}`);
  }
  let id = -1;
  if (idColumn) {
    id = header.findIndex((title) => squash(title) === squash(idColumn));
    if (id < 0) throw new Error(`--id names a column that is not in the file: ${idColumn}`);
  } else {
    for (const candidate of ID_COLUMNS) {
      id = header.findIndex((title) => squash(title) === candidate);
      if (id >= 0) break;
    }
  }
  return { properties, idColumn: id, unmapped };
}
