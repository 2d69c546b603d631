/**
 * The mirrored records with their quality flags.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { objectRoutes } from './object-routes';
export { listObjectRecords } from './object-queries';
export { sendObjectRecordsCsv } from './object-records-csv';
export { listedFieldsOf, recordNameOf } from './object-fields';
export { typeQualitySummary } from './type-quality-summary';
export { PROPERTY_NAME_PATTERN, sampleRecords } from './record-sample';
export type { RecordFilter, RecordSample, SampledRecord } from './record-sample';
