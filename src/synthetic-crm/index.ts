/**
 * The synthetic CRM: seeded HubSpot portals with realistic duplicates and known truth, for the
 * public demo, the HubSpot sandbox and the benchmarks. This file is its only public surface.
 */
export { DATA_NOW } from './assemble-rows';
export { columnsOfRows, type ColumnData, type RecordInput } from './columns';
export { generateCompanies, generateContacts, type SyntheticData, type SyntheticOptions, type SyntheticRecord } from './contacts-and-companies';
export { DEFAULT_DUPLICATE_RATE, generatePortal, type GeneratedPortal, type RecordCounts, type SeedOptions } from './generate-portal';
export { portalRecords, type PortalRecord } from './portal-records';
export { generateTickets } from './generate-tickets';
export {
  LAST_MODIFIED_PROPERTY,
  DEAL_STAGES,
  OWNERS,
  TICKET_STAGES,
  propertyDefinition,
  propertyDefinitions,
  systemProperties,
  type PropertyDefinition,
  type PropertyOption,
  type PropertyType,
} from './property-catalog';
export { SeededRandom, streamSeed } from './seeded-random';
