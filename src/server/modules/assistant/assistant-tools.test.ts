import { describe, expect, it } from 'vitest';
import { ASSISTANT_TOOLS, type Citation } from '../../../shared/contracts/assistant';
import type { ObjectHealth } from '../../../shared/contracts/results';
import { MODEL_TOOLS, parseToolArguments, toolLabel } from './assistant-tools';
import { citationsFor } from './citations';
import { groupName } from './duplicate-tools';
import { biggestMove, typeHealth } from './health-summary-tool';
import { describeFilter, windowEnd, windowStart } from './quality-records-tool';

const DAY_MS = 86_400_000;
const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

const scores = (healthScore: number, completenessScore = 70) => ({ healthScore, completenessScore, freshnessScore: 60, duplicateScore: 90, updateFrequencyScore: 40 });
const point = (scanId: number, days: number, healthScore: number, completenessScore?: number) => ({ scanId, timestamp: daysAgo(days), totalRecords: 100, duplicateRecords: 3, ...scores(healthScore, completenessScore) });
const latest = (scanId: number, days: number, healthScore: number, completenessScore?: number) =>
  ({ objectType: 'contacts', scanId, runId: null, timestamp: daysAgo(days), totalRecords: 100, duplicateRecords: 3, emptyFieldsPercentage: 0, avgDataAgeInDays: 0, updateFrequencyScoreComponent: 6, fillRates: [], topIssues: [], selection: null, ...scores(healthScore, completenessScore) }) as ObjectHealth;

describe('health_summary shaping', () => {
  it('compares with the scan before and with the newest scan at least 30 days old', () => {
    const t = typeHealth(latest(5, 1, 70.4, 61.9), [point(1, 60, 85), point(2, 45, 80.1, 77.3), point(3, 29, 78), point(4, 10, 76.2), point(5, 1, 70.4, 61.9)], now);
    expect(t.previousScan?.at).toBe(daysAgo(10));
    expect(t.about30DaysAgo?.at).toBe(daysAgo(45));
    expect([t.changeSincePreviousScan, t.changeSince30DaysAgo]).toEqual([-5.8, -9.7]);
    expect(t.trend.map((p) => p.healthScore)).toEqual([85, 80.1, 78, 76.2, 70.4]);
    expect(biggestMove(t)).toBe(' The biggest change is completeness, down 15.4 points (from 77.3 to 61.9).');
  });

  it('has nothing to compare with after a single scan, and says no change in words', () => {
    const only = typeHealth(latest(9, 1, 70), [point(9, 1, 70)], now);
    expect([only.previousScan, only.about30DaysAgo, only.changeSincePreviousScan, only.changeSince30DaysAgo]).toEqual([null, null, null, null]);
    expect(biggestMove(only)).toBe('');
  });
});

describe('duplicate group names', () => {
  it("are the suggested survivor's name, else another member's, else the id", () => {
    const member = (id: string, properties: Record<string, unknown>, isPrimary = false) => ({ id, isPrimary, properties, updatedAt: null });
    expect(groupName({ id: 3, objectType: 'companies', primaryRecordId: 'b', records: [member('a', { name: 'ACME' }), member('b', { name: 'Acme Inc' }, true)] })).toBe('Acme Inc');
    expect(groupName({ id: 3, objectType: 'companies', primaryRecordId: 'a', records: [member('a', { name: ' ' }), member('b', { domain: 'acme.example' })] })).toBe('acme.example');
    expect(groupName({ id: 4, objectType: 'contacts', primaryRecordId: null, records: [member('a', { firstname: 'Ada', lastname: 'Lovelace' })] })).toBe('Ada Lovelace');
    expect(groupName({ id: 5, objectType: 'deals', primaryRecordId: null, records: [member('a', {})] })).toBe('Group 5');
  });
});

describe('quality_records filters', () => {
  it('read a date alone as the whole day', () => {
    expect(windowStart('2026-01-01').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(windowEnd('2026-01-31').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(windowEnd('2026-01-31T10:00:00Z').toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(describeFilter({ objectType: 'contacts', missingProperty: 'email', createdFrom: '2026-01-01' })).toBe('contacts missing email created from 2026-01-01');
    expect(describeFilter({ objectType: 'deals', flag: 'stale', createdFrom: '2025-01-01', createdTo: '2025-12-31' })).toBe('deals not updated for over a year created 2025-01-01 to 2025-12-31');
  });
});

describe('tool arguments', () => {
  it('offers the model the six tools with JSON schemas', () => {
    expect(MODEL_TOOLS.map((t) => t.function.name)).toEqual([...ASSISTANT_TOOLS]);
    const groups = MODEL_TOOLS.find((t) => t.function.name === 'duplicate_groups')!.function.parameters as { type: string; properties: Record<string, { enum?: string[]; maximum?: number }>; required?: string[] };
    expect(groups.type).toBe('object');
    expect(groups.properties.sort!.enum).toEqual(['size', 'confidence']);
    expect(groups.properties.limit!.maximum).toBe(20);
    expect(groups.required ?? []).toEqual([]);
    expect((MODEL_TOOLS.find((t) => t.function.name === 'quality_records')!.function.parameters as { required: string[] }).required).toEqual(['objectType']);
    expect(JSON.stringify(MODEL_TOOLS)).not.toContain('$schema');
  });

  it('are checked, with defaults, and what is wrong is said in words the model can act on', () => {
    expect(parseToolArguments('duplicate_groups', { objectType: 'companies' })).toEqual({ ok: true, args: { objectType: 'companies', sort: 'size', limit: 10 } });
    expect(parseToolArguments('duplicate_groups', { limit: 500 })).toMatchObject({ ok: false, error: expect.stringContaining('limit') });
    expect(parseToolArguments('quality_records', { objectType: 'contacts', missingProperty: "email'; drop table users" })).toMatchObject({ ok: false, error: expect.stringContaining('missingProperty') });
    expect(parseToolArguments('quality_records', { objectType: 'contacts', createdFrom: '2026-02-31x' })).toMatchObject({ ok: false });
    expect(parseToolArguments('quality_records', { objectType: 'contacts', limit: 21 })).toMatchObject({ ok: false });
    expect(parseToolArguments('duplicate_group', { id: 2 ** 31 })).toMatchObject({ ok: false });
    expect(parseToolArguments('matching_settings', null)).toEqual({ ok: true, args: {} });
    expect(toolLabel('duplicate_groups', { objectType: 'companies', sort: 'size', limit: 10 })).toBe('Looking up duplicate groups of companies');
  });
});

describe('citations of an answer', () => {
  const group = (id: number, name: string, records = 3): Citation => ({ kind: 'group', label: `${name} (${records} records)`, href: `/duplicates?objectType=companies&group=${id}` });
  const record = (id: string, name: string): Citation => ({ kind: 'record', label: name, href: `/objects/contacts/${id}` });
  const screen: Citation = { kind: 'screen', label: 'Duplicates', href: '/duplicates?objectType=companies' };

  it('keeps the groups and records the answer names, by id or name, and every screen', () => {
    const all = [group(12, 'Acme Corp'), group(7, 'Globex'), group(123, 'Initech'), record('901', 'Ada Lovelace'), screen, screen];
    expect(citationsFor('Acme Corp has the most; group #123 is next. Ada Lovelace appears twice.', all).map((c) => c.href)).toEqual([
      '/duplicates?objectType=companies&group=12',
      '/duplicates?objectType=companies&group=123',
      '/objects/contacts/901',
      '/duplicates?objectType=companies',
    ]);
  });

  it('does not take part of a longer word or number as a mention', () => {
    const all = [group(12, 'Acme'), group(1234, 'Initech')];
    expect(citationsFor('Acmeville has #12345 records.', all).map((c) => c.href)).toEqual(all.map((c) => c.href));
    expect(citationsFor('Only ACME matters.', all).map((c) => c.href)).toEqual(['/duplicates?objectType=companies&group=12']);
  });
});
