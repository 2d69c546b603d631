import type { EngineRecord } from '../../src/engine';
import type { ObjectType } from '../../src/shared/object-types';
import { generateCompanies, generateContacts, generatePortal, portalRecords } from '../../src/synthetic-crm';

/** Labelled records: record i is of entity truth[i]. */
export interface LabelledRecords {
  records: EngineRecord[];
  truth: string[];
}

/** Contacts from the B2B generator the engine benchmark uses (seed 7, as bench/engine.ts). */
export function syntheticContacts(size: number, seed = 7): LabelledRecords {
  const { records, truth } = generateContacts(size, { seed });
  return { records, truth };
}

/** Companies from the generator the engine benchmark uses (seed 7, as bench/engine.ts). */
export function syntheticCompanies(size: number, seed = 7): LabelledRecords {
  const { records, truth } = generateCompanies(size, { seed });
  return { records, truth };
}

/**
 * Tickets or deals of a generated portal, as the HubSpot sandbox serves them: the portal's
 * contacts and companies are the customers (a few per ticket or deal, as a real portal
 * has), and `properties` are the ones read (default: every generated one).
 */
export function syntheticPortalRecords(objectType: Extract<ObjectType, 'tickets' | 'deals'>, size: number, options: { seed?: number; properties?: readonly string[] } = {}): LabelledRecords {
  const seed = options.seed ?? 1;
  const counts = {
    contacts: Math.max(1000, size),
    companies: Math.max(300, Math.round(size / 3)),
    deals: objectType === 'deals' ? size : 0,
    tickets: objectType === 'tickets' ? size : 0,
  };
  const portal = generatePortal({ seed, counts });
  const data = portal[objectType];
  const properties = options.properties ?? [...data.columns.keys()];
  const records = portalRecords(objectType, data, properties).map((record) => ({ id: record.id, properties: record.properties, updatedAt: record.updatedAt }));
  return { records, truth: data.entities.map(String) };
}
