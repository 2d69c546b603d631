import { describe, expect, it } from 'vitest';
import { OBJECT_TYPES } from '../../shared/object-types';
import type { EngineRecord } from '../types';
import {
  computeHealth,
  DUPLICATE_PENALTY_EXPONENT,
  duplicateScoreFor,
  FRESHNESS_HALF_LIFE_DAYS,
  HEALTH_WEIGHTS,
  RECENT_UPDATE_WINDOW_DAYS,
  type HealthReport,
} from './compute-health';
import { HEALTH_PROPERTIES } from './health-properties';

const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

let nextId = 0;
const record = (properties: Record<string, unknown>): EngineRecord => ({ id: String(++nextId), properties });
const times = (count: number, make: (i: number) => EngineRecord) => Array.from({ length: count }, (_, i) => make(i));

/** Every completeness property of the type filled in. */
const complete = (objectType: keyof typeof HEALTH_PROPERTIES) => Object.fromEntries(HEALTH_PROPERTIES[objectType].map((p) => [p.property, 'value']));

const health = (records: EngineRecord[], objectType: (typeof OBJECT_TYPES)[number] = 'contacts', duplicateRecordCount = 0) =>
  computeHealth(records, objectType, { now: NOW, duplicateRecordCount });

/** Every number anywhere in the report. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

const SCORES = ['completenessScore', 'emptyFieldsPercentage', 'freshnessScore', 'duplicateScore', 'updateFrequencyScore', 'healthScore'] as const;

describe('computeHealth: completeness', () => {
  it('scores a half-filled portal about 50, with half its fields empty', () => {
    const records = times(10, (i) => record(i < 5 ? complete('contacts') : {}));
    const report = health(records);
    expect(report.completenessScore).toBe(50);
    expect(report.emptyFieldsPercentage).toBe(50);
    expect(report.fillRates.every((f) => f.rate === 0.5 && f.filled === 5)).toBe(true);
  });

  it('weighs a missing email more than a missing job title', () => {
    const withoutEmail = health(times(4, () => record({ ...complete('contacts'), email: '' })));
    const withoutJobTitle = health(times(4, () => record({ ...complete('contacts'), jobtitle: '' })));
    expect(withoutEmail.completenessScore).toBeLessThan(withoutJobTitle.completenessScore);
    // Both leave one cell in thirteen empty: the unweighted share does not care which.
    expect(withoutEmail.emptyFieldsPercentage).toBe(withoutJobTitle.emptyFieldsPercentage);
  });

  it('counts a mobile number as a phone number', () => {
    const report = health([record({ mobilephone: '+1 415 555 2671' }), record({ phone: '' })]);
    expect(report.fillRates.find((f) => f.property === 'phone')?.filled).toBe(1);
  });

  it('treats blanks and junk as empty, and real numbers (even 0) as filled', () => {
    const junk = ['', '   ', '\t\n', null, undefined, {}, [], true, Number.NaN, Number.POSITIVE_INFINITY];
    const report = health(junk.map((value) => record({ dealname: value, amount: 0 })), 'deals');
    const rate = (property: string) => report.fillRates.find((f) => f.property === property)?.rate;
    expect(rate('dealname')).toBe(0);
    expect(rate('amount')).toBe(1);
  });

  it('reads the properties of each object type', () => {
    for (const objectType of OBJECT_TYPES) {
      expect(health([record(complete(objectType))], objectType).completenessScore).toBe(100);
    }
    expect(health([record(complete('contacts'))], 'tickets').completenessScore).toBeLessThan(100);
  });
});

describe('computeHealth: data age and freshness', () => {
  it('scores stale data lower than fresh data', () => {
    const fresh = health(times(5, () => record({ lastmodifieddate: daysAgo(7) })));
    const stale = health(times(5, () => record({ lastmodifieddate: daysAgo(730) })));
    expect(stale.freshnessScore).toBeLessThan(fresh.freshnessScore);
    expect(fresh.freshnessScore).toBeGreaterThan(95);
    expect(stale.freshnessScore).toBeLessThan(10);
  });

  it('halves freshness at the documented half-life', () => {
    expect(health([record({ lastmodifieddate: daysAgo(FRESHNESS_HALF_LIFE_DAYS) })]).freshnessScore).toBe(50);
    expect(health([record({ lastmodifieddate: daysAgo(0) })]).freshnessScore).toBe(100);
  });

  it('averages the days since the last modification', () => {
    const report = health([record({ lastmodifieddate: daysAgo(10) }), record({ lastmodifieddate: daysAgo(30) })]);
    expect(report.avgDataAgeInDays).toBe(20);
  });

  it('prefers the modification date, falls back to creation, and skips records with neither', () => {
    const report = health([
      record({ lastmodifieddate: daysAgo(10), createdate: daysAgo(500) }),
      record({ createdate: daysAgo(30) }),
      record({ firstname: 'No dates' }),
    ]);
    expect(report.datedRecords).toBe(2);
    expect(report.avgDataAgeInDays).toBe(20);
  });

  it('reads epoch-millisecond strings and the modification property of each type', () => {
    const epoch = String(NOW - 40 * DAY);
    expect(health([record({ hs_lastmodifieddate: epoch })], 'deals').avgDataAgeInDays).toBe(40);
    expect(health([record({ lastmodifieddate: epoch, createdate: daysAgo(400) })], 'contacts').avgDataAgeInDays).toBe(40);
  });

  it('uses the record update time when no modification property is present', () => {
    const report = computeHealth([{ id: '1', properties: { createdate: daysAgo(400) }, updatedAt: new Date(NOW - 4 * DAY) }], 'companies', {
      now: NOW,
      duplicateRecordCount: 0,
    });
    expect(report.avgDataAgeInDays).toBe(4);
  });

  it('does not let a date in the future look fresher than now', () => {
    const report = health([record({ lastmodifieddate: daysAgo(-30) })]);
    expect(report.avgDataAgeInDays).toBe(0);
    expect(report.freshnessScore).toBe(100);
  });
});

describe('computeHealth: duplicates', () => {
  const withDuplicates = (count: number) => health(times(100, () => record(complete('contacts'))), 'contacts', count);

  it('scores a portal with 20% duplicates lower than one with 2%', () => {
    expect(withDuplicates(20).duplicateScore).toBeLessThan(withDuplicates(2).duplicateScore);
    expect(withDuplicates(20).healthScore).toBeLessThan(withDuplicates(2).healthScore);
  });

  it('scores 100 without duplicates and 0 when every record is one', () => {
    expect(withDuplicates(0).duplicateScore).toBe(100);
    expect(withDuplicates(100).duplicateScore).toBe(0);
  });

  it('keeps an impossible duplicate count within bounds', () => {
    expect(withDuplicates(250).duplicateRecords).toBe(100);
    expect(withDuplicates(-5).duplicateScore).toBe(100);
    expect(withDuplicates(Number.NaN).duplicateScore).toBe(100);
  });
});

describe('computeHealth: update frequency', () => {
  const portal = (recent: number, old: number) =>
    health([...times(recent, () => record({ lastmodifieddate: daysAgo(5) })), ...times(old, () => record({ lastmodifieddate: daysAgo(400) }))]);

  it('gives full marks once half the records were touched in the window, proportionally less below', () => {
    expect(portal(5, 5).updateFrequencyScore).toBe(100);
    expect(portal(1, 3).updateFrequencyScore).toBe(50);
    expect(portal(0, 4).updateFrequencyScore).toBe(0);
  });

  it('counts a record touched on the last day of the window as recent', () => {
    expect(portal(0, 0).recentlyUpdatedRecords).toBe(0);
    expect(health([record({ lastmodifieddate: daysAgo(RECENT_UPDATE_WINDOW_DAYS) })]).recentlyUpdatedRecords).toBe(1);
    expect(health([record({ lastmodifieddate: daysAgo(RECENT_UPDATE_WINDOW_DAYS + 1) })]).recentlyUpdatedRecords).toBe(0);
  });

  it('reports its weighted contribution to the health score', () => {
    const report = portal(1, 3);
    expect(report.updateFrequencyScoreComponent).toBeCloseTo(HEALTH_WEIGHTS.updateFrequency * report.updateFrequencyScore, 1);
  });
});

describe('computeHealth: health score', () => {
  it('scores a complete, duplicate-free portal modified today 100', () => {
    const records = times(10, () => record({ ...complete('contacts'), lastmodifieddate: daysAgo(0) }));
    expect(health(records).healthScore).toBe(100);
  });

  it('scores an empty-celled, stale, duplicated portal near 0', () => {
    const records = times(10, () => record({ lastmodifieddate: daysAgo(3000) }));
    expect(health(records, 'contacts', 10).healthScore).toBeLessThan(1);
  });

  it('combines the reported scores with the documented weights', () => {
    const records = times(20, (i) => record({ email: i % 3 ? 'a@b.co' : '', lastmodifieddate: daysAgo(i * 20) }));
    const r = health(records, 'contacts', 3);
    const combined =
      HEALTH_WEIGHTS.completeness * r.completenessScore +
      HEALTH_WEIGHTS.duplicates * r.duplicateScore +
      HEALTH_WEIGHTS.freshness * r.freshnessScore +
      HEALTH_WEIGHTS.updateFrequency * r.updateFrequencyScore;
    expect(r.healthScore).toBeCloseTo(combined, 1);
  });

  it('rounds every score to one decimal', () => {
    const records = times(7, (i) => record({ email: i % 3 ? 'a@b.co' : '', firstname: i % 2 ? 'A' : '', lastmodifieddate: daysAgo(i * 37) }));
    const report = health(records, 'contacts', 1);
    for (const score of [...SCORES, 'avgDataAgeInDays', 'updateFrequencyScoreComponent'] as const) {
      expect(Math.abs(report[score] * 10 - Math.round(report[score] * 10))).toBeLessThan(1e-9);
    }
  });

  it('depends only on its inputs', () => {
    const records = times(5, (i) => record({ email: 'a@b.co', lastmodifieddate: daysAgo(i * 50) }));
    expect(health(records)).toEqual(health(records));
    expect(computeHealth(records, 'contacts', { now: NOW + 365 * DAY, duplicateRecordCount: 0 }).freshnessScore).toBeLessThan(health(records).freshnessScore);
  });
});

describe('computeHealth: empty and junk input', () => {
  const expectFinite = (report: HealthReport) => {
    for (const n of numbersIn(report)) expect(Number.isFinite(n)).toBe(true);
    for (const score of SCORES) {
      expect(report[score]).toBeGreaterThanOrEqual(0);
      expect(report[score]).toBeLessThanOrEqual(100);
    }
  };

  it('gives an empty portal a plain report: nothing duplicated, no health to claim', () => {
    for (const objectType of OBJECT_TYPES) {
      const report = health([], objectType);
      expectFinite(report);
      expect(report).toMatchObject({ totalRecords: 0, completenessScore: 0, emptyFieldsPercentage: 0, avgDataAgeInDays: 0, duplicateScore: 100, healthScore: 0 });
    }
  });

  it('never produces NaN from junk values and unreadable dates', () => {
    const junk: unknown[] = [null, undefined, '', 'garbage', {}, [], Number.NaN, -1, 0, '0', true, 'NaN', Symbol('x'), () => 1, 10n];
    const records = junk.map((value) => record({ email: value, createdate: value, lastmodifieddate: value, hs_lastmodifieddate: value }));
    const report = health(records, 'contacts', Number.NaN);
    expectFinite(report);
    expect(report.datedRecords).toBe(0);
    expect(report.freshnessScore).toBe(0);
  });

  it('survives a record without properties', () => {
    expectFinite(health([{ id: '1' } as unknown as EngineRecord]));
  });

  it('refuses a clock that is not a number rather than reporting NaN', () => {
    expect(() => computeHealth([], 'contacts', { now: Number.NaN, duplicateRecordCount: 0 })).toThrow(RangeError);
  });
});

describe('computeHealth: formulas', () => {
  const report = health([], 'contacts');
  const formula = (metric: string) => report.formulas.find((f) => f.metric === metric)?.description ?? '';

  it('explains every score the report holds', () => {
    expect(report.formulas.map((f) => f.metric).sort()).toEqual([...SCORES, 'avgDataAgeInDays', 'updateFrequencyScoreComponent'].sort());
  });

  it('states the same weights and constants the code uses', () => {
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    const healthText = formula('healthScore');
    expect(healthText).toContain(`${percent(HEALTH_WEIGHTS.completeness)} completeness`);
    expect(healthText).toContain(`${percent(HEALTH_WEIGHTS.duplicates)} duplicates`);
    expect(healthText).toContain(`${percent(HEALTH_WEIGHTS.freshness)} freshness`);
    expect(healthText).toContain(`${percent(HEALTH_WEIGHTS.updateFrequency)} update frequency`);
    expect(formula('freshnessScore')).toContain(`/ ${FRESHNESS_HALF_LIFE_DAYS})`);
    expect(formula('updateFrequencyScore')).toContain(`last ${RECENT_UPDATE_WINDOW_DAYS} days`);
    expect(formula('duplicateScore')).toContain(`^${DUPLICATE_PENALTY_EXPONENT}`);
    expect(formula('updateFrequencyScoreComponent')).toContain(percent(HEALTH_WEIGHTS.updateFrequency));
  });

  it('quotes duplicate-score examples the code reproduces', () => {
    const examples = [...formula('duplicateScore').matchAll(/(\d+)% scores ([\d.]+)/g)];
    expect(examples.length).toBeGreaterThan(0);
    for (const [, rate, score] of examples) expect(Math.round(duplicateScoreFor(Number(rate) / 100) * 10) / 10).toBe(Number(score));
  });

  it('lists every completeness property of the type with its weight', () => {
    for (const objectType of OBJECT_TYPES) {
      const text = health([], objectType).formulas.find((f) => f.metric === 'completenessScore')?.description ?? '';
      for (const p of HEALTH_PROPERTIES[objectType]) expect(text).toMatch(new RegExp(`${p.label}( or [^,]+)? ${p.weight}(,|\\.)`));
    }
    expect(formula('completenessScore')).toContain('Phone number or Mobile phone number 2');
  });

  it('sums its health weights to 1', () => {
    expect(Object.values(HEALTH_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });
});
