import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { memberPlaces, type DuplicateDetectionResult } from '../../src/engine';

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * One row per input record: its id, its group (empty when unique) and the group's confidence,
 * in pieces of ROWS_A_PIECE rows: a million rows as one string would be held twice (the
 * rows, then the text) at the end of a run, when memory is at its fullest. `indexOf` finds a
 * record's place in `ids` (the reader's index): members are placed by it, so that no id is
 * looked up for each row.
 */
export function* resultsCsv(ids: readonly string[], result: DuplicateDetectionResult, indexOf: (id: string) => number): Generator<string> {
  // A member's row after its id, worked out once per group (group id, confidence), then
  // whether it is the primary: by its group's place, so no string is made per member here.
  const groupRows = result.groups.map((group) => `,${csvField(group.id)},${group.confidence.toFixed(4)},`);
  // Per record: 0 in no group, g + 1 a member of group g, -(g + 1) its primary.
  const places = new Int32Array(ids.length);
  result.groups.forEach((group, g) => {
    // The scan's places for its records are the reader's when they name the same records:
    // looking a third of a million ids up again cost 0.3 s of a million contacts' run.
    const known = memberPlaces(group);
    const members =
      known !== undefined && namesTheGroup(known, group.recordIds, ids)
        ? known
        : group.recordIds.map((id) => {
            const at = indexOf(id);
            if (at === -1) throw new Error(`The results name a record that was not read: ${id}`);
            return at;
          });
    for (const at of members) places[at] = ids[at] === group.primaryId ? -1 - g : g + 1;
  });
  // Ids and the rest of their rows side by side, joined once a piece: no string per row.
  let cells = ['id,group_id,confidence,suggested_primary\n'];
  for (let i = 0; i < ids.length; i++) {
    const place = places[i]!;
    cells.push(csvField(ids[i]!), place === 0 ? ',,,\n' : place < 0 ? `${groupRows[-1 - place]}true\n` : `${groupRows[place - 1]}false\n`);
    if (cells.length >= 2 * ROWS_A_PIECE) {
      yield cells.join('');
      cells = [];
    }
  }
  if (cells.length > 0) yield cells.join('');
}

const ROWS_A_PIECE = 20_000;

/** Whether the records at these places are the group's, each once (a group is a few records: compared pair by pair). */
function namesTheGroup(places: readonly number[], recordIds: readonly string[], ids: readonly string[]): boolean {
  if (places.length !== recordIds.length) return false;
  for (let x = 0; x < places.length; x++) {
    const id = ids[places[x]!];
    if (id === undefined || !recordIds.includes(id)) return false;
    for (let y = 0; y < x; y++) if (ids[places[y]!] === id) return false;
  }
  return true;
}

/**
 * The groups with every pair's explanation, and what the run measured, as JSON.stringify
 * would indent them, in pieces of GROUPS_A_PIECE groups: a million contacts' explanations
 * as one string passed V8's longest (a RangeError once the run was over, nothing written),
 * and each group's explanations are built only as its piece is written.
 */
export function* resultsJson(result: DuplicateDetectionResult, seconds: number): Generator<string> {
  const summary = {
    objectType: result.objectType,
    records: result.recordCount,
    pairsCompared: result.pairsCompared,
    groups: result.groups.length,
    recordsInGroups: result.duplicateRecordCount,
    seconds: Math.round(seconds * 100) / 100,
    threshold: result.threshold,
  };
  // A value as JSON.stringify(_, null, 2) writes it `depth` levels in: strings in JSON hold no line breaks.
  const nested = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
  yield `{\n  "summary": ${nested(summary, 1)},\n  "groups": [`;
  const { groups } = result;
  for (let from = 0; from < groups.length; from += GROUPS_A_PIECE) {
    const piece: string[] = [];
    for (let g = from; g < Math.min(groups.length, from + GROUPS_A_PIECE); g++) piece.push(`${g === 0 ? '' : ','}\n    ${nested(groups[g], 2)}`);
    yield piece.join('');
  }
  yield `${groups.length === 0 ? ']' : '\n  ]'},\n  "blocking": ${nested(result.blocking, 1)},\n  "model": ${nested(result.model, 1)},\n  "settings": ${nested(result.settings, 1)}\n}\n`;
}

const GROUPS_A_PIECE = 1_000;

/** Whether results go to `file` as JSON (with explanations), else as CSV. */
export const writesJson = (file: string) => file.toLowerCase().endsWith('.json');

/** `ids`: every record's, in the order read: the CSV has a row for each; `indexOf` as resultsCsv's. */
export async function writeResults(file: string, ids: readonly string[], indexOf: (id: string) => number, result: DuplicateDetectionResult, seconds: number): Promise<void> {
  await pipeline(Readable.from(writesJson(file) ? resultsJson(result, seconds) : resultsCsv(ids, result, indexOf)), createWriteStream(file));
}
