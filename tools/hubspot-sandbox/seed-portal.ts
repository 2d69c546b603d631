/** A sandbox portal's records: the synthetic CRM's generated columns, taken over by record stores. */
import { generatePortal, type SeedOptions } from '../../src/synthetic-crm';
import { OBJECT_TYPES, type ObjectType } from './object-types';
import { RecordStore } from './record-store';

export function seedPortal(options: SeedOptions): Record<ObjectType, RecordStore> {
  const portal = generatePortal(options);
  return Object.fromEntries(OBJECT_TYPES.map((type) => [type, RecordStore.fromColumns(type, portal[type])])) as Record<ObjectType, RecordStore>;
}
