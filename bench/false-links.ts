/**
 * What the engine gets wrong on synthetic data of one object type and size: its precision and
 * recall, the links that join two different entities (heaviest first, field by field) and the
 * kinds of false link by which fields agree, so that a fall in precision can be read at once.
 * Run: node --max-old-space-size=6144 --import tsx bench/false-links.ts companies 200000 [limit]
 * (BENCH_KINDS="firstname+lastname,...": a sample of the links of those kinds; BENCH_MISSED=20:
 * a sample of the true pairs left apart)
 */
import { findDuplicatesInParallel, startEngineThreads, type PairExplanation } from '../src/engine';
import { availableParallelism } from 'node:os';
import type { ObjectType } from '../src/shared/object-types';
import { generateCompanies, generateContacts } from '../src/synthetic-crm';
import { falseGroups } from './lib/accuracy-details';
import { measureAccuracy, predictedClusters } from './lib/metrics';

const objectType = (process.argv[2] ?? 'companies') as ObjectType;
const size = Number(process.argv[3] ?? 100_000);
const limit = Number(process.argv[4] ?? 25);
const threads = Number(process.env.BENCH_THREADS ?? availableParallelism());
await startEngineThreads(threads);
const { records, truth } = objectType === 'companies' ? generateCompanies(size, { seed: 7 }) : generateContacts(size, { seed: 7 });
const entityOf = new Map(records.map((record, i) => [record.id, truth[i]!]));
const result = await findDuplicatesInParallel(records, objectType, { threads });
const accuracy = measureAccuracy(truth, predictedClusters(records, result.groups));
console.log(`lambda ${result.model.lambda} candidates ${result.model.lambdaCandidates} prior ${Math.log2(result.model.lambda / (1 - result.model.lambda)).toFixed(2)} pairs ${result.pairsCompared}`);
// Where blocking held back (rules capped or skipped as the blocks grew) and where grouping refused links.
for (const rule of result.blocking.byRule) console.log(`  rule ${rule.rule.padEnd(28)} blocks ${String(rule.blocks).padStart(9)} pairs ${String(rule.pairs).padStart(10)} capped ${String(rule.cappedBlocks).padStart(6)} skipped ${String(rule.pairsSkipped).padStart(10)}${rule.skippedAsTooBroad ? ' (too broad)' : ''}`);
console.log(`links refused: ${result.clustering.linksRefused} for size, ${result.clustering.linksRefusedForConflict} for a conflict`);
console.log(`${objectType} ${size}: precision ${accuracy.precision.toFixed(4)} recall ${accuracy.recall.toFixed(4)} (${accuracy.predictedPairs - accuracy.correctPairs} false pairs of ${accuracy.predictedPairs}; ${accuracy.truePairs - accuracy.correctPairs} missed of ${accuracy.truePairs})`);

// Links between two entities, by the fields that agree on them (exact or not, weight > 0).
const agreeing = (link: PairExplanation) => link.fields.filter((f) => f.weight > 0).map((f) => f.field).join('+') || '(nothing)';
const falseLinks = result.groups.flatMap((group) => group.pairs.filter((link) => entityOf.get(link.a) !== entityOf.get(link.b)));
const kinds = new Map<string, number>();
for (const link of falseLinks) kinds.set(agreeing(link), (kinds.get(agreeing(link)) ?? 0) + 1);
console.log(`\nfalse links: ${falseLinks.length}; groups with two or more entities: ${falseGroups(records, truth, result.groups, Infinity).length}`);
const against = falseLinks.filter((link) => link.fields.some((f) => f.weight <= -3)).length;
console.log(`  of which with a field against (weight <= -3): ${against}`);
console.log('model:');
for (const field of result.model.fields) console.log(`  ${field.field.padEnd(9)} ${field.levels.map((l) => `${l.label} ${l.weight.toFixed(1)}`).join(', ')}`);
console.log('by fields that agree:');
for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${String(count).padStart(6)}  ${kind}`);

const show = (link: PairExplanation) => {
  console.log(`  ${link.a} ~ ${link.b}  weight ${link.weight.toFixed(1)}  p ${link.probability.toFixed(4)}`);
  for (const f of link.fields) if (f.valueA !== '' || f.valueB !== '') console.log(`     ${f.field.padEnd(9)} ${f.weight.toFixed(1).padStart(6)}  ${f.level.padEnd(28)} ${f.valueA} | ${f.valueB}`);
};
// BENCH_KINDS="a+b,c+d": a sample of those kinds' links, spread over their weights.
for (const kind of (process.env.BENCH_KINDS ?? '').split(',').filter(Boolean)) {
  const ofKind = falseLinks.filter((link) => agreeing(link) === kind).sort((a, b) => b.weight - a.weight);
  console.log(`\n${kind}: ${ofKind.length} false links, a sample:`);
  const step = Math.max(1, Math.floor(ofKind.length / limit));
  for (let k = 0; k < ofKind.length; k += step) show(ofKind[k]!);
}
console.log('\nheaviest false links:');
for (const link of [...falseLinks].sort((a, b) => b.weight - a.weight).slice(0, limit)) show(link);
console.log('\nworst false groups:');
const byId = new Map(records.map((record, i) => [record.id, i]));
for (const { group, wrongPairs } of falseGroups(records, truth, result.groups, Math.min(limit, 10))) {
  console.log(`group ${group.id}: ${group.recordIds.length} records, ${wrongPairs} wrong pairs, confidence ${group.confidence}`);
  for (const id of group.recordIds) {
    const p = records[byId.get(id)!]!.properties;
    console.log(`  ${id} ${entityOf.get(id)!.padEnd(8)} ${Object.entries(p).filter(([k, v]) => v !== '' && !/date$/.test(k)).map(([k, v]) => `${k}=${String(v)}`).join('; ')}`);
  }
}

// True pairs left apart: split between two groups, or a record in no group at all (what recall lost).
const groupOf = new Map<string, number>();
result.groups.forEach((group, g) => group.recordIds.forEach((id) => groupOf.set(id, g)));
const byEntity = new Map<string, number[]>();
truth.forEach((entity, i) => byEntity.set(entity, [...(byEntity.get(entity) ?? []), i]));
const missed: [number, number][] = [];
for (const members of byEntity.values()) {
  for (let x = 0; x < members.length; x++) {
    for (let y = x + 1; y < members.length; y++) {
      const [i, j] = [members[x]!, members[y]!];
      const gi = groupOf.get(records[i]!.id);
      if (gi === undefined || gi !== groupOf.get(records[j]!.id)) missed.push([i, j]);
    }
  }
}
const split = missed.filter(([i, j]) => groupOf.has(records[i]!.id) && groupOf.has(records[j]!.id)).length;
const alone = missed.filter(([i, j]) => !groupOf.has(records[i]!.id) && !groupOf.has(records[j]!.id)).length;
console.log(`\nmissed pairs: ${missed.length}; both grouped apart ${split}, one in no group ${missed.length - split - alone}, neither grouped ${alone}`);
const missedSample = Number(process.env.BENCH_MISSED ?? 0);
const missedStep = Math.max(1, Math.floor(missed.length / Math.max(1, missedSample)));
for (let k = 0; k < missed.length && k < missedSample * missedStep; k += missedStep) {
  const [i, j] = missed[k]!;
  console.log(`  ${records[i]!.id} (group ${groupOf.get(records[i]!.id) ?? '-'}) ~ ${records[j]!.id} (group ${groupOf.get(records[j]!.id) ?? '-'})`);
  for (const r of [i, j]) console.log(`     ${Object.entries(records[r]!.properties).filter(([p, v]) => v !== '' && !/date$/.test(p)).map(([p, v]) => `${p}=${String(v)}`).join('; ')}`);
}
process.exit(0);
