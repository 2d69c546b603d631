import { describe, expect, it } from 'vitest';
import type { ObjectHealth } from '../../../shared/contracts/results';
import type { ObjectType } from '../../../shared/object-types';
import { duplicateGainPoints, evaluateRules, fillGainPoints, type RuleInput, type RuleSettings, type TypeFindings } from './rules';

const NOW = new Date('2026-06-01T12:00:00Z');

function health(objectType: ObjectType, changes: Partial<ObjectHealth> = {}): ObjectHealth {
  return {
    objectType,
    scanId: 1,
    runId: 1,
    timestamp: '2026-05-31T12:00:00.000Z',
    totalRecords: 1000,
    duplicateRecords: 0,
    healthScore: 90,
    emptyFieldsPercentage: 5,
    avgDataAgeInDays: 30,
    updateFrequencyScore: 100,
    duplicateScore: 100,
    completenessScore: 95,
    freshnessScore: 90,
    updateFrequencyScoreComponent: 15,
    fillRates: [
      { property: 'email', label: 'Email', weight: 3, filled: 990, rate: 0.99 },
      { property: 'phone', label: 'Phone number', weight: 2, filled: 950, rate: 0.95 },
      { property: 'domain', label: 'Company domain name', weight: 3, filled: 990, rate: 0.99 },
      { property: 'amount', label: 'Amount', weight: 2, filled: 990, rate: 0.99 },
      { property: 'closedate', label: 'Close date', weight: 2, filled: 990, rate: 0.99 },
    ],
    topIssues: [],
    selection: { inMirror: 1000, scanned: 1000, limitedBy: null, samplingRate: 100, recordLimit: null },
    ...changes,
  };
}

function findings(objectType: ObjectType, changes: Partial<TypeFindings> = {}): TypeFindings {
  return {
    objectType,
    latest: health(objectType),
    previousHealthScore: 90,
    pending: { groups: 0, records: 0, highConfidenceGroups: 0 },
    flags: { all: 1000, 'invalid-email': 0, 'invalid-phone': 0, stale: 10 },
    ...changes,
  };
}

const healthySettings: RuleSettings = {
  objectsToAnalyze: ['contacts', 'companies', 'deals', 'tickets'],
  analysisFrequency: 'weekly',
  enableFuzzyMatching: true,
  enablePhoneticMatching: true,
  automaticCleanupEnabled: false,
  automaticCleanupAllowed: true,
};

const TYPES: ObjectType[] = ['contacts', 'companies', 'deals', 'tickets'];

function input(change: (types: TypeFindings[], settings: RuleSettings) => void = () => {}): RuleInput {
  const types = TYPES.map((t) => findings(t));
  const settings = { ...healthySettings };
  change(types, settings);
  return { now: NOW, types, settings };
}

const keysOf = (i: RuleInput) => evaluateRules(i).map((r) => r.key);
const one = (i: RuleInput, key: string) => evaluateRules(i).find((r) => r.key === key);

describe('recommendation rules', () => {
  it('recommends nothing for a healthy portal', () => {
    expect(keysOf(input())).toEqual([]);
  });

  it('pending duplicates: the groups, the records merging removes and the health points by the formula', () => {
    const i = input(([contacts]) => {
      contacts!.pending = { groups: 20, records: 50, highConfidenceGroups: 5 };
      contacts!.latest = health('contacts', { duplicateRecords: 50 });
    });
    const r = one(i, 'pending-duplicates:contacts')!;
    expect(r.evidence).toMatchObject({ recordsAffected: 50, totalRecords: 1000, percent: 5 });
    expect(r.expectedGain.duplicatesRemoved).toBe(30);
    expect(r.expectedGain.healthPoints).toBe(duplicateGainPoints(1000, 50, 50, 20));
    expect(r.expectedGain.healthPoints).toBeGreaterThan(0);
    expect(r.severity).toBe('high');
    expect(r.action).toEqual({ kind: 'duplicates', label: 'Review the very likely groups', href: '/duplicates?objectType=contacts&confidence=high' });
    // Automatic cleanup is offered as well, as the plan allows it and it is off.
    expect(one(i, 'enable-automatic-cleanup')!.action.href).toBe('/settings#cleanup');
    expect(keysOf(input(([c]) => void (c!.pending = { groups: 2, records: 4, highConfidenceGroups: 0 })))).toEqual([]);
  });

  it('automatic cleanup: an upgrade on plans without it, nothing once it is on', () => {
    const i = input(([c], s) => {
      c!.pending = { groups: 1, records: 2, highConfidenceGroups: 1 };
      s.automaticCleanupAllowed = false;
    });
    expect(one(i, 'enable-automatic-cleanup')!.action.href).toBe('/subscribe');
    expect(keysOf(input(([c], s) => ((c!.pending = { groups: 1, records: 2, highConfidenceGroups: 1 }), (s.automaticCleanupEnabled = true))))).toEqual([]);
  });

  it('low fill rate of a key property, with the completeness formula\'s points', () => {
    const latest = health('contacts');
    latest.fillRates[0] = { property: 'email', label: 'Email', weight: 3, filled: 400, rate: 0.4 };
    const r = one(input(([c]) => void (c!.latest = latest)), 'low-fill-email:contacts')!;
    expect(r.evidence).toMatchObject({ recordsAffected: 600, totalRecords: 1000, percent: 60, properties: ['email'] });
    expect(r.expectedGain.healthPoints).toBe(fillGainPoints(latest, 'email'));
    expect(r.expectedGain.healthPoints).toBe(Math.round(0.35 * ((100 * 3 * 0.6) / 12) * 10) / 10);
    expect(r.severity).toBe('high');
    expect(r.action.href).toBe('/objects/contacts?flag=missing-fields');
    const deals = health('deals');
    deals.fillRates[3] = { property: 'amount', label: 'Amount', weight: 2, filled: 700, rate: 0.7 };
    expect(keysOf(input(([, , d]) => void (d!.latest = deals)))).toEqual(['low-fill-amount:deals']);
  });

  it('invalid emails and phones from the mirror\'s flags', () => {
    const i = input(([c, co]) => {
      c!.flags = { all: 1000, 'invalid-email': 80, 'invalid-phone': 0, stale: 0 };
      co!.flags = { all: 500, 'invalid-email': 0, 'invalid-phone': 5, stale: 0 };
    });
    expect(keysOf(i).sort()).toEqual(['invalid-emails:contacts', 'invalid-phones:companies']);
    expect(one(i, 'invalid-emails:contacts')!).toMatchObject({ severity: 'high', evidence: { recordsAffected: 80, percent: 8 }, action: { href: '/objects/contacts?flag=invalid-email' } });
  });

  it('stale records above a fifth of the mirror, with a CSV', () => {
    const i = input(([, , d]) => void (d!.flags = { all: 100, 'invalid-email': 0, 'invalid-phone': 0, stale: 30 }));
    expect(keysOf(i)).toEqual(['stale-records:deals']);
    expect(one(i, 'stale-records:deals')!.action).toEqual({ kind: 'csv', label: 'Download them as CSV', href: '/api/hubspot/recommendations/stale-records:deals/records.csv' });
    expect(keysOf(input(([, , d]) => void (d!.flags = { all: 100, 'invalid-email': 0, 'invalid-phone': 0, stale: 19 })))).toEqual([]);
  });

  it('health dropped since the previous scan', () => {
    const i = input(([c]) => ((c!.previousHealthScore = 90), (c!.latest = health('contacts', { healthScore: 78.5 }))));
    expect(one(i, 'health-dropped:contacts')!).toMatchObject({ severity: 'high', expectedGain: { healthPoints: 11.5 }, evidence: { figures: { previousHealthScore: 90, healthScore: 78.5, drop: 11.5 } } });
    expect(keysOf(input(([c]) => void (c!.latest = health('contacts', { healthScore: 86 }))))).toEqual([]);
  });

  it('scans not scheduled, or the last scan old', () => {
    expect(keysOf(input((_, s) => void (s.analysisFrequency = 'manual')))).toEqual(['scans-not-scheduled']);
    const old = input((types) => types.forEach((t) => (t.latest = health(t.objectType, { timestamp: '2026-04-01T12:00:00.000Z' }))));
    expect(one(old, 'scan-outdated')!.evidence.figures.days).toBe(61);
  });

  it('sampling below 100% hiding records', () => {
    const i = input(([c]) => void (c!.latest = health('contacts', { selection: { inMirror: 4000, scanned: 1000, limitedBy: 'sampling', samplingRate: 25, recordLimit: null } })));
    expect(one(i, 'sampling-hides-duplicates:contacts')!).toMatchObject({ evidence: { recordsAffected: 3000, totalRecords: 4000, percent: 75 }, action: { href: '/settings#scanning' } });
  });

  it('fuzzy or phonetic matching off', () => {
    const i = input((_, s) => void (s.enablePhoneticMatching = false));
    expect(one(i, 'matching-off')!).toMatchObject({ evidence: { properties: ['enablePhoneticMatching'], recordsAffected: 4000 }, action: { href: '/settings#duplicates' } });
  });

  it('a type never scanned', () => {
    const i = input(([, , , t]) => void (t!.latest = null));
    expect(keysOf(i)).toEqual(['never-scanned:tickets']);
    // Not chosen and nothing of it in the mirror: nothing to say.
    expect(keysOf(input(([, , , t], s) => ((t!.latest = null), (t!.flags = { all: 0, 'invalid-email': 0, 'invalid-phone': 0, stale: 0 }), (s.objectsToAnalyze = ['contacts']))))).toEqual([]);
  });

  it('orders by severity, then by the health points to gain', () => {
    const latest = health('contacts');
    latest.fillRates[1] = { property: 'phone', label: 'Phone number', weight: 2, filled: 700, rate: 0.7 };
    const i = input(([c], s) => ((c!.latest = latest), (s.enableFuzzyMatching = false), (c!.flags = { all: 1000, 'invalid-email': 80, 'invalid-phone': 0, stale: 0 })));
    expect(evaluateRules(i).map((r) => r.severity)).toEqual(['high', 'medium', 'low']);
  });
});
