/** Generated records in the shape HubSpot's API returns them, as a sync stores them. */
import type { ObjectType } from '../shared/object-types';
import type { ColumnData } from './columns';
import { LAST_MODIFIED_PROPERTY, propertyDefinition, systemProperties } from './property-catalog';

export interface PortalRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
}

/**
 * Every record of one type with the properties asked for that the type has (unknown names are
 * dropped, as HubSpot does) and the system ones; date-times as ISO text.
 */
export function portalRecords(type: ObjectType, data: ColumnData, requested: readonly string[]): PortalRecord[] {
  const known = requested.filter((name) => propertyDefinition(type, name) !== undefined);
  const names = [...new Set([...known, ...systemProperties(type)])];
  const dateTimes = new Set(names.filter((name) => propertyDefinition(type, name)?.type === 'datetime'));
  const lastModified = LAST_MODIFIED_PROPERTY[type];
  return data.ids.map((id, slot) => {
    const createdAt = new Date(data.createdAt[slot]!).toISOString();
    const updatedAt = new Date(data.updatedAt[slot]!).toISOString();
    const properties: Record<string, string | null> = {};
    for (const name of names) {
      if (name === 'hs_object_id') properties[name] = String(id);
      else if (name === 'createdate') properties[name] = createdAt;
      else if (name === lastModified) properties[name] = updatedAt;
      else {
        const value = data.columns.get(name)?.[slot] ?? null;
        properties[name] = value !== null && dateTimes.has(name) ? new Date(Number(value)).toISOString() : value;
      }
    }
    return { id: String(id), properties, createdAt, updatedAt };
  });
}
