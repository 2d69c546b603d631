import type { ObjectType } from '../../../shared/object-types';

/** HUBSPOT.md: the properties that matter for data quality, which the mirror keeps. */
export const MIRRORED_PROPERTIES: Record<ObjectType, readonly string[]> = {
  contacts: [
    'firstname', 'lastname', 'email', 'hs_additional_emails', 'phone', 'mobilephone', 'company', 'jobtitle', 'website', 'address', 'city', 'state', 'zip',
    'country', 'lifecyclestage', 'hs_lead_status', 'hubspot_owner_id', 'associatedcompanyid', 'notes_last_updated', 'createdate', 'lastmodifieddate',
    'hs_merged_object_ids',
  ],
  companies: [
    'name', 'domain', 'hs_additional_domains', 'website', 'phone', 'address', 'city', 'state', 'zip', 'country', 'industry', 'numberofemployees',
    'annualrevenue', 'lifecyclestage', 'hubspot_owner_id', 'createdate', 'hs_lastmodifieddate', 'hs_merged_object_ids',
  ],
  // HubSpot copies the primary company onto deals and the associated customers onto tickets:
  // the engine needs who a deal or ticket is for, and these spare a call per association.
  deals: [
    'dealname', 'amount', 'dealstage', 'pipeline', 'closedate', 'dealtype', 'hubspot_owner_id', 'hs_primary_associated_company', 'createdate',
    'hs_lastmodifieddate', 'hs_merged_object_ids',
  ],
  tickets: [
    'subject', 'content', 'hs_pipeline', 'hs_pipeline_stage', 'hs_ticket_priority', 'hs_ticket_category', 'source_type', 'hubspot_owner_id',
    'hs_all_associated_contact_emails', 'hs_primary_company_id', 'hs_primary_company_name', 'createdate', 'hs_lastmodifieddate', 'hs_merged_object_ids',
  ],
};

/** The property incremental syncs search on: contacts name it differently. */
export function lastModifiedProperty(objectType: ObjectType): string {
  return objectType === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
}

/** The read scope each object type needs (HUBSPOT.md, Auth). */
export function readScope(objectType: ObjectType): string {
  return objectType === 'tickets' ? 'tickets' : `crm.objects.${objectType}.read`;
}
