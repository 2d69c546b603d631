/**
 * Finds duplicates in a HubSpot export or any CSV:
 *   npm run dedupe -- <file.csv> --type contacts|companies|deals|tickets
 *     [--id <column>] [--map <column>=<property> ...] [--out <file.csv|file.json>]
 * Progress goes to stderr, the summary to stdout.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findDuplicatesInParallel, startEngineThreads, type EngineStage } from '../src/engine';
import { OBJECT_TYPES, type ObjectType } from '../src/shared/object-types';
import { openCsvRecords } from './dedupe/read-csv-records';
import { writeResults, writesJson } from './dedupe/write-results';

const USAGE = 'Usage: npm run dedupe -- <file.csv> --type contacts|companies|deals|tickets [--id <column>] [--map <column>=<property> ...] [--out <file.csv|file.json>]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { type: { type: 'string' }, id: { type: 'string' }, map: { type: 'string', multiple: true }, out: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const file = positionals[0] ?? fail('Name the CSV file to read.');
const objectType = (values.type ?? fail('Say which object type the file holds with --type.')) as ObjectType;
if (!OBJECT_TYPES.includes(objectType)) fail(`--type must be one of ${OBJECT_TYPES.join(', ')}, not ${objectType}.`);
const map: Record<string, string> = {};
for (const entry of values.map ?? []) {
  const cut = entry.indexOf('=');
  const column = entry.slice(0, cut).trim();
  const property = entry.slice(cut + 1).trim();
  if (cut < 0 || !column || !property || property.includes('=')) fail(`--map takes <column>=<property>, not ${entry}.`);
  map[column] = property;
}
// Find out now, not after a long scan, that the results cannot be written.
if (values.out) {
  try {
    await fs.access(path.dirname(path.resolve(values.out)), fs.constants.W_OK);
  } catch {
    fail(`Cannot write ${values.out}: its folder does not exist or is not writable.`);
  }
}

// A file of tens of thousands of rows will be scanned on several threads: they start, and
// warm up, while its header is read. A small one stays on this thread, and exits without waiting.
const bytes = (await fs.stat(file).catch(() => null))?.size ?? 0;
const parallel = bytes > 2_000_000;
if (parallel) startEngineThreads().catch(() => {});

const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
/**
 * The process's memory (every thread's) now and at its peak so far, in MiB: the peak is the
 * kernel's high-water mark where Linux keeps one. Never reset, so that /usr/bin/time's
 * figure stays the whole run's.
 */
const memory = (): string => {
  const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en-US')} MiB`;
  const now = process.memoryUsage.rss();
  let peak = 0;
  try {
    peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    // Not Linux: the memory held now will do.
  }
  return peak > 0 ? `memory ${mib(now)}, peak so far ${mib(peak)}` : `memory ${mib(now)}`;
};
// Records are normalized as they are read, a batch at a time, and not kept: the groups'
// members alone are read again, for the explanations a JSON output shows.
const read = await openCsvRecords(file, objectType, { map, ...(values.id ? { idColumn: values.id } : {}), onRow: (n) => console.error(`  read ${n.toLocaleString('en-US')} records (${elapsed()} s; ${memory()})`) }).catch((error: unknown) =>
  fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? `No such file: ${file}` : (error as Error).message),
);
const mapped = [...read.mapping.properties.keys()];
if (mapped.length === 0) fail(`No column maps to a ${objectType} property. Columns: ${read.header.join(', ')}. Use --map <column>=<property>.`);
console.error(`Reading ${objectType} from ${file}; columns used: ${mapped.join(', ')}${read.mapping.idColumn < 0 ? '; records numbered by line' : ''}`);

const STAGES: Record<EngineStage, string> = { prepare: 'reading and normalizing', block: 'blocking', compare: 'comparing pairs', train: 'training the model', score: 'scoring', cluster: 'grouping', explain: 'explaining' };
let lastStage = '';
const result = await findDuplicatesInParallel(read.source, objectType, {
  ...(parallel ? {} : { threads: 1 }),
  // Only the JSON output shows explanations: otherwise the groups' members need not be read again for their values.
  values: values.out !== undefined && writesJson(values.out),
  onProgress: (stage) => {
    if (stage === lastStage) return;
    lastStage = stage;
    // The file is read once normalizing ends.
    if (stage === 'block') {
      console.error(`Read ${read.ids.length.toLocaleString('en-US')} ${objectType} from ${file}`);
      for (const row of read.skipped.slice(0, 20)) console.error(`  skipped line ${row.line}: ${row.reason}`);
      if (read.skipped.length > 20) console.error(`  ... and ${read.skipped.length - 20} more skipped lines`);
    }
    console.error(`  ${STAGES[stage]}... (${elapsed()} s; ${memory()})`);
  },
});
const seconds = (performance.now() - started) / 1000;
console.error(`  done (${elapsed()} s; ${memory()})`);

console.log(`records          ${result.recordCount.toLocaleString('en-US')}`);
console.log(`skipped lines    ${read.skipped.length}`);
if (result.repeatedIds > 0) console.log(`repeated ids     ${result.repeatedIds} (only the first record with each id was compared)`);
console.log(`pairs compared   ${result.pairsCompared.toLocaleString('en-US')}${result.blocking.cappedBlocks > 0 ? ` (${result.blocking.cappedBlocks} oversized blocks windowed, ${result.blocking.pairsSkipped.toLocaleString('en-US')} pairs not compared)` : ''}`);
console.log(`duplicate groups ${result.groups.length.toLocaleString('en-US')} (${result.duplicateRecordCount.toLocaleString('en-US')} records)`);
console.log(`seconds          ${seconds.toFixed(2)}`);
if (values.out) {
  await writeResults(values.out, read.ids, read.indexOf, result, seconds);
  console.error(`  written (${elapsed()} s; ${memory()})`);
  console.log(`written          ${values.out}`);
} else {
  for (const group of result.groups.slice(0, 10)) console.log(`  ${group.recordIds.join(', ')}  confidence ${group.confidence.toFixed(3)}  shares ${group.matchKey || 'similar values'}`);
  if (result.groups.length > 10) console.log(`  ... ${result.groups.length - 10} more groups: use --out to write them all`);
}
