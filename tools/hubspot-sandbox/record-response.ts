/** Records in HubSpot's response shape, with the properties HubSpot would return. */
import { propertyDefinition, systemProperties } from '../../src/synthetic-crm';
import { DEFAULT_PROPERTIES, type ObjectType } from './object-types';
import { RecordState, type RecordStore } from './record-store';

export interface RecordJson {
  id: string;
  properties: Record<string, string | null>;
  propertiesWithHistory?: Record<string, { value: string; timestamp: string; sourceType: string; sourceId: string }[]>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
}

/**
 * The properties to return: those asked for (unknown names are dropped, as HubSpot does) or
 * the type's defaults, then createdate, hs_object_id and the last-modified date, which come
 * back on every record.
 */
export function selectProperties(type: ObjectType, requested: readonly string[] | undefined): string[] {
  const asked = requested && requested.length > 0 ? requested : DEFAULT_PROPERTIES[type];
  const known = asked.filter((name) => propertyDefinition(type, name) !== undefined);
  return [...new Set([...known, ...systemProperties(type)])];
}

/** Every property the record has a value for, and the system ones: what writes answer with. */
export function filledProperties(store: RecordStore, slot: number): string[] {
  return [...new Set([...store.propertiesWithValues(slot), ...systemProperties(store.type)])];
}

export function renderRecord(store: RecordStore, slot: number, properties: readonly string[], withHistory: readonly string[] = []): RecordJson {
  const values: Record<string, string | null> = {};
  for (const name of properties) values[name] = store.get(slot, name);
  const record: RecordJson = {
    id: String(store.idOf(slot)),
    properties: values,
    createdAt: new Date(store.createdAtOf(slot)).toISOString(),
    updatedAt: new Date(store.updatedAtOf(slot)).toISOString(),
    archived: store.stateOf(slot) === RecordState.Archived,
  };
  const archivedAt = store.archivedAtOf(slot);
  if (archivedAt !== undefined) record.archivedAt = new Date(archivedAt).toISOString();
  const historyNames = withHistory.filter((name) => propertyDefinition(store.type, name) !== undefined);
  if (historyNames.length > 0) {
    // The sandbox keeps no history: each property's history is its current value.
    const timestamp = record.updatedAt;
    record.propertiesWithHistory = Object.fromEntries(
      historyNames.map((name) => {
        const value = store.get(slot, name);
        return [name, value === null ? [] : [{ value, timestamp, sourceType: 'API', sourceId: 'sandbox' }]];
      }),
    );
  }
  return record;
}
