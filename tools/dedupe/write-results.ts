import fs from 'node:fs/promises';
import type { DuplicateDetectionResult, EngineRecord } from '../../src/engine';

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One row per input record: its id, its group (empty when unique) and the group's confidence. */
export function resultsCsv(records: readonly EngineRecord[], result: DuplicateDetectionResult): string {
  const groupOf = new Map<string, { id: string; confidence: number; primary: boolean }>();
  for (const group of result.groups) for (const id of group.recordIds) groupOf.set(id, { id: group.id, confidence: group.confidence, primary: id === group.primaryId });
  const lines = ['id,group_id,confidence,suggested_primary'];
  for (const record of records) {
    const group = groupOf.get(record.id);
    lines.push([csvField(record.id), group ? csvField(group.id) : '', group ? group.confidence.toFixed(4) : '', group ? String(group.primary) : ''].join(','));
  }
  return `${lines.join('\n')}\n`;
}

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

export async function writeResults(file: string, records: readonly EngineRecord[], result: DuplicateDetectionResult, seconds: number): Promise<void> {
  await fs.writeFile(file, file.toLowerCase().endsWith('.json') ? resultsJson(result, seconds) : resultsCsv(records, result));
}
