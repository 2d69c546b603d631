/**
 * Speed and accuracy of the matching engine on synthetic CRM data with known truth:
 * contacts and companies at 10k, 100k and 1M records (BENCH_SIZES to change), default
 * settings, on BENCH_THREADS threads (every core by default). Prints wall time, pairs
 * compared, peak RSS (the whole process, input records included), precision, recall and F1.
 * Each stage's time, peak memory and fresh memory touched (pages the kernel handed over: on this
 * virtual machine a first touch has cost about 4 s a GiB) follow each run; the figures are compared with the previous
 * run's in bench/results/engine.json (see bench/lib/bench-history.ts), beside the machine's
 * speed just before each run (bench/lib/machine-speed.ts): it swings from hour to hour.
 * Above a million records (or with BENCH_INPUT=columns) the records are generated on a thread of
 * their own and held here as columns only, read by the engine a page at a time, as a scan of a
 * portal that large reads the mirror (the generator's objects are not the engine's memory).
 * Run: npm run bench:engine   (the 1M run wants about 4 GB of heap: see package.json)
 */
import { findDuplicatesInParallel, startEngineThreads } from '../src/engine';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { ObjectType } from '../src/shared/object-types';
import { compareWithPrevious, type Figure } from './lib/bench-history';
import { generateAsColumns } from './lib/generated-columns';
import { describeSpeed, machineSpeed, speedFigures } from './lib/machine-speed';
import { measureAccuracy, predictedClusters } from './lib/metrics';
import { generateCompanies, generateContacts } from '../src/synthetic-crm';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const types = (process.env.BENCH_TYPES ?? 'contacts,companies').split(',') as ObjectType[];
const threads = Number(process.env.BENCH_THREADS ?? availableParallelism());
let peakRss = 0;
const figures: Figure[] = [];
// Sampling sees the event loop's turns only (the engine runs long stretches without one):
// on Linux the kernel's own high-water mark (VmHWM), reset before each run, is exact.
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const resetHighWaterMark = (): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
};
const highWaterMark = (): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

const warming = performance.now();
await startEngineThreads(threads);
// A service starts its engine threads once, at boot: that cost is not any one scan's.
console.log(`threads: ${threads} (started in ${((performance.now() - warming) / 1000).toFixed(2)} s)`);
console.log('type        records   seconds   pairs       groups    peak RSS   precision  recall   F1      B3-F1');
for (const objectType of types) {
  for (const size of sizes) {
    const asColumns = process.env.BENCH_INPUT === 'columns' || size > 1_000_000;
    const generated = asColumns ? await generateAsColumns(objectType, size, 7) : objectType === 'companies' ? generateCompanies(size, { seed: 7 }) : generateContacts(size, { seed: 7 });
    const input = 'columns' in generated ? generated.columns.batches() : generated.records;
    const speed = machineSpeed();
    global.gc?.();
    peakRss = process.memoryUsage().rss;
    const exact = resetHighWaterMark();
    const startRss = process.memoryUsage().rss;
    // Each stage's peak: the kernel's high-water mark read and reset as the next stage begins.
    const stagePeaks: Record<string, number> = {};
    // Pages the kernel handed the process fresh (minor faults), per stage: on a virtual machine
    // whose host lends memory lazily each costs far more than on bare metal.
    const stageFaults: Record<string, number> = {};
    let faultsAt = process.resourceUsage().minorPageFault;
    const countFaults = (name: string) => {
      const now = process.resourceUsage().minorPageFault;
      stageFaults[name] = (stageFaults[name] ?? 0) + now - faultsAt;
      faultsAt = now;
    };
    let stage: string | null = null;
    const onProgress = (next: string) => {
      if (next === stage) return;
      if (stage) countFaults(stage);
      if (exact) {
        if (stage) stagePeaks[stage] = highWaterMark();
        resetHighWaterMark();
      }
      stage = next;
    };
    const started = performance.now();
    const result = await findDuplicatesInParallel(input, objectType, { threads, onProgress });
    const seconds = (performance.now() - started) / 1000;
    if (stage) {
      countFaults(stage);
      if (exact) stagePeaks[stage] = highWaterMark();
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss, ...Object.values(stagePeaks));
    const ids = 'columns' in generated ? generated.ids().map((id) => ({ id })) : generated.records;
    const accuracy = measureAccuracy('columns' in generated ? generated.truth() : generated.truth, predictedClusters(ids, result.groups));
    console.log(
      `${objectType.padEnd(10)} ${String(size).padStart(8)}   ${seconds.toFixed(2).padStart(7)}   ${String(result.pairsCompared).padStart(9)}   ${String(result.groups.length).padStart(7)}   ${(peakRss / 2 ** 20).toFixed(0).padStart(6)} MiB   ${accuracy.precision.toFixed(4)}     ${accuracy.recall.toFixed(4)}   ${accuracy.f1.toFixed(4)}  ${accuracy.bcubedF1.toFixed(4)}`,
    );
    // Explanations are built when read (ExplainedLinks): read each group's once, as saving a
    // scan's groups does, so that what the engine no longer builds up front is still seen.
    const reading = performance.now();
    let explained = 0;
    for (const group of result.groups) explained += group.pairs.length;
    const readMs = performance.now() - reading;
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    console.log(`   stages: ${Object.entries(result.timingsMs).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s${stagePeaks[name] ? ` (peak ${mib(stagePeaks[name])})` : ''}`).join(', ')}`);
    console.log(`   explanations read once, group by group (as a scan's are saved): ${explained.toLocaleString('en-US')} pairs in ${(readMs / 1000).toFixed(2)} s`);
    console.log(`   machine just before: ${describeSpeed(speed)}`);
    console.log(`   fresh memory touched: ${Object.entries(stageFaults).map(([name, faults]) => `${name} ${mib(faults * 4096)}`).join(', ')}`);
    const perRecord = Math.round(peakRss / size);
    const engineOwn = Math.round((peakRss - startRss) / size);
    console.log(`   memory: ${perRecord.toLocaleString('en-US')} bytes a record at the peak (the input records held${asColumns ? ' as columns' : ''}: ${Math.round(startRss / size).toLocaleString('en-US')}; the engine's own: ${engineOwn.toLocaleString('en-US')})`);
    const label = `${objectType} ${size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`}`;
    figures.push(
      { name: `${label}: total`, value: seconds, unit: 's', better: 'lower' },
      ...Object.entries(result.timingsMs).map(([name, ms]): Figure => ({ name: `${label}: ${name}`, value: ms, unit: 'ms', better: 'lower' })),
      { name: `${label}: explanations read`, value: Math.round(readMs), unit: 'ms', better: 'lower' },
      { name: `${label}: peak RSS`, value: Math.round(peakRss / 2 ** 20), unit: 'MiB', better: 'lower' },
      { name: `${label}: memory a record`, value: perRecord, unit: 'bytes/record', better: 'lower' },
      { name: `${label}: precision`, value: accuracy.precision, unit: 'ratio', better: 'higher' },
      { name: `${label}: recall`, value: accuracy.recall, unit: 'ratio', better: 'higher' },
      ...speedFigures(label, speed),
    );
  }
}
clearInterval(sampler);
compareWithPrevious(process.env.BENCH_SIZES || process.env.BENCH_TYPES ? `engine-${types.join('-')}-${sizes.join('-')}` : 'engine', figures);

