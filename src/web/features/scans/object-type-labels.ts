import type { ObjectType } from '../../../shared/object-types';

/** HubSpot's own names for the object types, so users recognise them. */
export const OBJECT_TYPE_LABELS: Readonly<Record<ObjectType, string>> = { contacts: 'Contacts', companies: 'Companies', deals: 'Deals', tickets: 'Tickets' };
