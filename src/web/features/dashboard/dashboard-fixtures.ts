import type { HubSpotStatus } from '../../../shared/contracts/hubspot';
import type { DuplicationByField, HealthResults, HistoricalTrends, ObjectHealth } from '../../../shared/contracts/results';

/** API answers for the dashboard's tests, shaped by the contracts in src/shared/contracts. */

export const HOUR_MS = 3_600_000;

export function connectedStatus(overrides: Partial<HubSpotStatus> = {}): HubSpotStatus {
  return {
    connected: true,
    authType: 'private_app',
    hubId: '4242',
    hubDomain: 'acme.hubspot.com',
    portalName: null,
    connectedAt: '2025-01-01T00:00:00.000Z',
    oauthAvailable: true,
    problem: null,
    mirror: [],
    ...overrides,
  };
}

export const disconnectedStatus: HubSpotStatus = {
  connected: false,
  authType: null,
  hubId: null,
  hubDomain: null,
  portalName: null,
  connectedAt: null,
  oauthAvailable: true,
  problem: null,
  mirror: [],
};

export function objectHealth(overrides: Partial<ObjectHealth> = {}): ObjectHealth {
  return {
    objectType: 'contacts',
    scanId: 11,
    runId: 5,
    timestamp: new Date(Date.now() - 3 * HOUR_MS).toISOString(),
    totalRecords: 1200,
    duplicateRecords: 48,
    healthScore: 82.4,
    emptyFieldsPercentage: 18,
    avgDataAgeInDays: 41.5,
    updateFrequencyScore: 70,
    duplicateScore: 85,
    completenessScore: 75.2,
    freshnessScore: 90,
    updateFrequencyScoreComponent: 10.5,
    fillRates: [
      { property: 'email', label: 'Email', weight: 3, filled: 960, rate: 0.8 },
      { property: 'phone', label: 'Phone number', weight: 2, filled: 600, rate: 0.5 },
    ],
    topIssues: [
      { kind: 'duplicates', label: '20 groups of duplicate records', records: 48, share: 0.04 },
      { kind: 'missing-values', property: 'email', label: 'Email missing', records: 240, share: 0.2 },
    ],
    selection: { inMirror: 1200, scanned: 1200, limitedBy: null, samplingRate: 100, recordLimit: 50_000 },
    ...overrides,
  };
}

export function healthResults(): HealthResults {
  const contacts = objectHealth();
  const companies = objectHealth({
    objectType: 'companies',
    scanId: 12,
    totalRecords: 300,
    duplicateRecords: 0,
    healthScore: 55,
    completenessScore: 40,
    freshnessScore: 60,
    duplicateScore: 100,
    updateFrequencyScore: 30,
    fillRates: [{ property: 'domain', label: 'Company domain name', weight: 3, filled: 150, rate: 0.5 }],
    topIssues: [{ kind: 'missing-values', property: 'domain', label: 'Company domain name missing', records: 150, share: 0.5 }],
    selection: { inMirror: 3000, scanned: 300, limitedBy: 'sampling', samplingRate: 10, recordLimit: 50_000 },
  });
  return { lastScanAt: contacts.timestamp, overallHealthScore: 76.9, totalRecords: 1500, duplicateRecords: 48, objects: [contacts, companies] };
}

export const emptyResults: HealthResults = { lastScanAt: null, overallHealthScore: null, totalRecords: 0, duplicateRecords: 0, objects: [] };

const point = (scanId: number, daysAgo: number, healthScore: number) => ({
  scanId,
  timestamp: new Date(Date.now() - daysAgo * 24 * HOUR_MS).toISOString(),
  healthScore,
  completenessScore: 70,
  freshnessScore: 80,
  duplicateScore: 90,
  updateFrequencyScore: 60,
  totalRecords: 1000 + scanId,
  duplicateRecords: 40,
});

export function historicalTrends(days = 90): HistoricalTrends {
  return {
    days,
    series: [
      { objectType: 'contacts', points: [point(1, 20, 61), point(2, 10, 70), point(11, 0.2, 82.4)] },
      { objectType: 'companies', points: [point(12, 0.2, 55)] },
      { objectType: 'deals', points: [] },
      { objectType: 'tickets', points: [] },
    ],
  };
}

export function duplicationByField(): DuplicationByField {
  return {
    objects: [
      {
        objectType: 'contacts',
        scanId: 11,
        timestamp: new Date().toISOString(),
        totalRecords: 1200,
        fields: [
          { field: 'email', label: 'Email', properties: ['email'], recordsWithValue: 960, duplicateRecords: 36, share: 0.03 },
          { field: 'phone', label: 'Phone number', properties: ['phone', 'mobilephone'], recordsWithValue: 600, duplicateRecords: 120, share: 0.1 },
        ],
      },
      { objectType: 'companies', scanId: 12, timestamp: new Date().toISOString(), totalRecords: 300, fields: [] },
    ],
  };
}
