/**
 * The demo's portal: records from the synthetic CRM generator with a fixed seed, in the
 * shape a sync stores them, with every date moved so the generator's "now" is today. Nothing
 * here is written by hand: counts, gaps and duplicates all come from the seed.
 */
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { DATA_NOW, generatePortal, portalRecords, propertyDefinition, type RecordCounts } from '../../../synthetic-crm';
import { MIRRORED_PROPERTIES, lastModifiedProperty } from '../hubspot';

export const DEMO_SEED = 20_240_601;
/** A mid-sized team's portal: big enough for real patterns, small enough to build in seconds. */
export const DEMO_COUNTS: RecordCounts = { contacts: 2_400, companies: 700, deals: 500, tickets: 350 };

export interface DemoRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: Date;
  updatedAt: Date;
}

export type DemoPortal = Record<ObjectType, DemoRecord[]>;

/** The portal as of `today`: the generator's own date line moved forward to it. */
export function generateDemoPortal(today: Date, counts: RecordCounts = DEMO_COUNTS): DemoPortal {
  const shift = today.getTime() - DATA_NOW;
  const generated = generatePortal({ seed: DEMO_SEED, counts });
  const portal = {} as DemoPortal;
  for (const type of OBJECT_TYPES) {
    const dates = MIRRORED_PROPERTIES[type].filter((name) => propertyDefinition(type, name)?.type === 'datetime');
    const records: DemoRecord[] = [];
    for (const json of portalRecords(type, generated[type], MIRRORED_PROPERTIES[type])) {
      for (const name of dates) {
        const value = json.properties[name];
        if (value) json.properties[name] = new Date(Date.parse(value) + shift).toISOString();
      }
      records.push({ id: json.id, properties: json.properties, createdAt: new Date(Date.parse(json.createdAt) + shift), updatedAt: new Date(Date.parse(json.updatedAt) + shift) });
    }
    portal[type] = records;
  }
  return portal;
}

/**
 * The records as they stood at `at`: those created by then, each last changed no later than
 * then. A record changed since is taken as last changed halfway between its creation and
 * `at`: the generator keeps no history, and halfway neither flatters nor blames the data.
 */
export function portalAsOf(records: readonly DemoRecord[], objectType: ObjectType, at: Date): DemoRecord[] {
  const time = at.getTime();
  const modified = lastModifiedProperty(objectType);
  const result: DemoRecord[] = [];
  for (const record of records) {
    const created = record.createdAt.getTime();
    if (created > time) continue;
    if (record.updatedAt.getTime() <= time) {
      result.push(record);
      continue;
    }
    const updatedAt = new Date(created + Math.floor((time - created) / 2));
    result.push({ ...record, updatedAt, properties: { ...record.properties, [modified]: updatedAt.toISOString() } });
  }
  return result;
}
