/** The four HubSpot object types DataCleaner analyses (SPEC.md section 3). */
export const OBJECT_TYPES = ['contacts', 'companies', 'deals', 'tickets'] as const;

export type ObjectType = (typeof OBJECT_TYPES)[number];
