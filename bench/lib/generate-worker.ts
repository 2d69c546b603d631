/** The generating thread of generated-columns.ts: records made, packed a page at a time, sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { RecordColumns } from '../../src/engine';
import type { ObjectType } from '../../src/shared/object-types';
import { generateCompanies, generateContacts } from '../../src/synthetic-crm';
import { SEPARATOR, type GeneratedMessage } from './generated-columns';

const { objectType, size, seed } = workerData as { objectType: ObjectType; size: number; seed: number };
const { records, truth } = objectType === 'companies' ? generateCompanies(size, { seed }) : generateContacts(size, { seed });
const post = (message: GeneratedMessage) => parentPort!.postMessage(message);
// Packed as the bench packed them on its own thread: 10,000 records a page, each page the
// properties its records have.
for (let at = 0; at < records.length; at += 10_000) {
  const page = new RecordColumns();
  page.add(records.slice(at, at + 10_000));
  for (const packed of page.packedPages()) post({ page: packed });
}
post({ ids: records.map((record) => record.id).join(SEPARATOR), truth: truth.join(SEPARATOR) });
