/** The HubSpot object types the sandbox serves, and what HubSpot says about each. */
export const OBJECT_TYPES = ['contacts', 'companies', 'deals', 'tickets'] as const;

export type ObjectType = (typeof OBJECT_TYPES)[number];

const OBJECT_TYPE_IDS: Readonly<Record<ObjectType, string>> = {
  contacts: '0-1',
  companies: '0-2',
  deals: '0-3',
  tickets: '0-5',
};

/** What list, get and search return when the caller names no properties. */
export const DEFAULT_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
  contacts: ['firstname', 'lastname', 'email'],
  companies: ['name', 'domain'],
  deals: ['dealname', 'amount', 'closedate', 'pipeline', 'dealstage'],
  tickets: ['subject', 'content', 'hs_pipeline', 'hs_pipeline_stage', 'hs_ticket_category', 'hs_ticket_priority'],
};

/** The properties `query` searches, as HubSpot documents them (those the sandbox knows). */
export const QUERY_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
  contacts: ['firstname', 'lastname', 'email', 'phone', 'hs_additional_emails', 'mobilephone', 'company'],
  companies: ['name', 'domain', 'website', 'phone'],
  deals: ['dealname', 'pipeline', 'dealstage', 'dealtype'],
  tickets: ['subject', 'content', 'hs_pipeline_stage', 'hs_ticket_category'],
};

/** A path segment (`contacts`, `0-1`) as an object type, or null when HubSpot would not infer one. */
export function resolveObjectType(segment: string): ObjectType | null {
  const lower = segment.toLowerCase();
  for (const type of OBJECT_TYPES) {
    if (lower === type || lower === OBJECT_TYPE_IDS[type]) return type;
  }
  return null;
}

export type Access = 'read' | 'write';

/** Scopes of which any one allows the access; tickets have a single legacy scope for both. */
export function scopesFor(type: ObjectType, access: Access): string[] {
  if (type === 'tickets') return ['tickets'];
  return [`crm.objects.${type}.${access}`];
}

/** Reading property definitions takes the schema scope or the object's read scope. */
export function propertyScopesFor(type: ObjectType): string[] {
  if (type === 'tickets') return ['tickets', 'crm.schemas.tickets.read'];
  return [`crm.objects.${type}.read`, `crm.schemas.${type}.read`];
}

/** Reading owners (names behind hubspot_owner_id). */
export const OWNERS_SCOPE = 'crm.objects.owners.read';

/** Every CRM scope the sandbox checks: what a private app gets unless told otherwise. */
export const ALL_CRM_SCOPES: readonly string[] = [
  ...OBJECT_TYPES.flatMap((type) => [...scopesFor(type, 'read'), ...scopesFor(type, 'write'), ...propertyScopesFor(type)]),
  OWNERS_SCOPE,
].filter((scope, i, all) => all.indexOf(scope) === i);
