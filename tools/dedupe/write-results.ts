import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DuplicateDetectionResult } from '../../src/engine';

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * One row per input record: its id, its group (empty when unique) and the group's confidence,
 * in pieces of ROWS_A_PIECE rows: a million rows as one string would be held twice (the
 * rows, then the text) at the end of a run, when memory is at its fullest.
 */
export function* resultsCsv(ids: readonly string[], result: DuplicateDetectionResult): Generator<string> {
  // A member's row after its id, worked out once per group: group id, confidence, whether it is the primary.
  const rowOf = new Map<string, string>();
  for (const group of result.groups) {
    const shared = `,${csvField(group.id)},${group.confidence.toFixed(4)},`;
    for (const id of group.recordIds) rowOf.set(id, `${shared}${id === group.primaryId}`);
  }
  let lines = ['id,group_id,confidence,suggested_primary'];
  for (const id of ids) {
    lines.push(`${csvField(id)}${rowOf.get(id) ?? ',,,'}`);
    if (lines.length === ROWS_A_PIECE) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

const ROWS_A_PIECE = 20_000;

/** The groups with every pair's explanation, and what the run measured. */
export function resultsJson(result: DuplicateDetectionResult, seconds: number): string {
  return `${JSON.stringify(
    {
      summary: {
        objectType: result.objectType,
        records: result.recordCount,
        pairsCompared: result.pairsCompared,
        groups: result.groups.length,
        recordsInGroups: result.duplicateRecordCount,
        seconds: Math.round(seconds * 100) / 100,
        threshold: result.threshold,
      },
      groups: result.groups,
      blocking: result.blocking,
      model: result.model,
      settings: result.settings,
    },
    null,
    2,
  )}\n`;
}

/** `ids`: every record's, in the order read: the CSV has a row for each. */
export async function writeResults(file: string, ids: readonly string[], result: DuplicateDetectionResult, seconds: number): Promise<void> {
  if (file.toLowerCase().endsWith('.json')) await fs.writeFile(file, resultsJson(result, seconds));
  else await pipeline(Readable.from(resultsCsv(ids, result)), createWriteStream(file));
}
