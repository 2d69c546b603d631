import { describe, expect, it } from 'vitest';
import { blockProblems } from '../../../../tools/slack-sandbox/block-kit-check';
import type { NotificationEvent } from '../../../shared/contracts/notifications';
import type { NoticeLinks, WeeklyReport } from './notice-types';
import { cleanupSlackMessage, scanSlackMessage, testSlackMessage, weeklyReportSlackMessage, type SlackBlock, type SlackMessage } from './slack-messages';

const links: NoticeLinks = { appUrl: 'https://app.example.com', settingsUrl: 'https://app.example.com/settings#notifications' };
const at = '2026-11-25T02:00:00.000Z';

const scanCompleted = (objectType: 'contacts' | 'companies' | 'deals' | 'tickets', extra: Partial<Extract<NotificationEvent, { kind: 'scan.completed' }>['payload']> = {}, id = 1): NotificationEvent => ({
  id,
  kind: 'scan.completed',
  createdAt: at,
  payload: { runId: 7, trigger: 'schedule', scanId: 70 + id, objectType, totalRecords: 12_345, duplicateRecords: 40, duplicateGroups: 15, newDuplicateGroups: 3, healthScore: 72, previousHealthScore: 78, scannedAt: at, ...extra },
});
const duplicatesFound = (objectType: 'contacts' | 'companies', newGroups: number, id = 10): NotificationEvent => ({
  id,
  kind: 'duplicates.found',
  createdAt: at,
  payload: { runId: 7, scanId: 71, objectType, newGroups, totalGroups: 15, newRecords: newGroups * 2, foundAt: '2026-11-25T01:59:30.000Z' },
});
const healthChanged = (objectType: 'contacts' | 'deals', healthScore: number, previousHealthScore: number, id = 20): NotificationEvent => ({
  id,
  kind: 'health.changed',
  createdAt: at,
  payload: { runId: 7, scanId: 71, objectType, healthScore, previousHealthScore, change: Math.round((healthScore - previousHealthScore) * 10) / 10 },
});

const blocksOf = <T extends SlackBlock['type']>(message: SlackMessage, type: T) => message.blocks.filter((b): b is Extract<SlackBlock, { type: T }> => b.type === type);
const buttons = (message: SlackMessage) => blocksOf(message, 'actions').flatMap((b) => b.elements.map((e) => ({ text: e.text.text, url: e.url })));
const fieldTexts = (message: SlackMessage) => blocksOf(message, 'section').map((s) => [s.text?.text, ...(s.fields ?? []).map((f) => f.text)]);

/** Whatever else a test checks: Slack would take the blocks, and they end with the settings link. */
function expectValid(message: SlackMessage) {
  expect(blockProblems(message.blocks)).toEqual([]);
  expect(message.text.length).toBeGreaterThan(0);
  expect(message.blocks[0]).toMatchObject({ type: 'header' });
  const context = message.blocks.at(-1)!;
  expect(context.type).toBe('context');
  expect(JSON.stringify(context)).toContain(`<${links.settingsUrl}|Notification settings>`);
}

describe('scanSlackMessage', () => {
  it('headlines new duplicates and shows each type with its figures and a button to its new groups', () => {
    const message = scanSlackMessage([scanCompleted('contacts'), scanCompleted('companies', { newDuplicateGroups: 0, healthScore: 90, previousHealthScore: null }, 2), duplicatesFound('contacts', 3)], links);
    expectValid(message);
    expect(message.text).toBe('3 new duplicate groups found in Contacts');
    expect(blocksOf(message, 'header')[0]!.text.text).toBe('3 new duplicate groups found in Contacts');
    expect(fieldTexts(message)).toEqual([
      ['*Contacts*', '*Records*\n12,345', '*Duplicate groups*\n3 new · 15 total', '*Health score*\n72 ▼ 6 (was 78)'],
      ['*Companies*', '*Records*\n12,345', '*Duplicate groups*\n0 new · 15 total', '*Health score*\n90 (first scan)'],
    ]);
    expect(buttons(message)).toEqual([
      { text: 'Open dashboard', url: 'https://app.example.com/dashboard' },
      { text: 'Review new Contacts duplicates', url: 'https://app.example.com/duplicates?objectType=contacts&sort=newest&since=2026-11-25T01%3A59%3A30.000Z' },
    ]);
    expect(JSON.stringify(message.blocks.at(-1))).toContain('Scheduled scan');
  });

  it('headlines a health change, falling or rising, when no duplicates are new', () => {
    const fell = scanSlackMessage([healthChanged('contacts', 64.5, 71)], links);
    expectValid(fell);
    expect(fell.text).toBe('Contacts health score fell to 64.5 (▼ 6.5)');
    expect(fieldTexts(fell)).toEqual([['*Contacts*', '*Health score*\n64.5 ▼ 6.5 (was 71)']]);
    expect(scanSlackMessage([healthChanged('deals', 80, 70)], links).text).toBe('Deals health score rose to 80 (▲ 10)');
    expect(scanSlackMessage([healthChanged('contacts', 60, 70), healthChanged('deals', 80, 70, 21)], links).text).toBe('Health scores changed: Contacts ▼ 10, Deals ▲ 10');
  });

  it('says the scan finished, types in their usual order, when nothing else happened', () => {
    const message = scanSlackMessage([scanCompleted('tickets', { newDuplicateGroups: 0, trigger: 'manual' }, 2), scanCompleted('contacts', { newDuplicateGroups: 0, healthScore: 78 })], links);
    expectValid(message);
    expect(message.text).toBe('Scan finished: Contacts, Tickets');
    expect(fieldTexts(message).map((f) => f[0])).toEqual(['*Contacts*', '*Tickets*']);
    expect(fieldTexts(message)[0]).toContain('*Health score*\n78 no change (was 78)');
    expect(buttons(message)).toEqual([{ text: 'Open dashboard', url: 'https://app.example.com/dashboard' }]);
    expect(JSON.stringify(message.blocks.at(-1))).toContain('Manual scan');
  });

  it('links to the new groups without a date when only scan.completed tells of them', () => {
    const message = scanSlackMessage([scanCompleted('contacts')], links);
    expect(buttons(message)[1]).toEqual({ text: 'Review new Contacts duplicates', url: 'https://app.example.com/duplicates?objectType=contacts&sort=newest' });
  });

  it('stays within Slack limits with every type and large numbers', () => {
    const events = (['contacts', 'companies', 'deals', 'tickets'] as const).map((type, i) => scanCompleted(type, { totalRecords: 9_999_999, healthScore: 33.33, previousHealthScore: 99.99 }, i + 1));
    const message = scanSlackMessage(events, links);
    expectValid(message);
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(fieldTexts(message)[0]).toContain('*Health score*\n33.3 ▼ 66.7 (was 100)');
  });
});

describe('cleanupSlackMessage', () => {
  const cleanup = (payload: Partial<Extract<NotificationEvent, { kind: 'cleanup.completed' }>['payload']>): Extract<NotificationEvent, { kind: 'cleanup.completed' }> => ({
    id: 30,
    kind: 'cleanup.completed',
    createdAt: at,
    payload: { cleanupRunId: 4, scanRunId: 7, status: 'completed', mergedGroups: 5, mergedRecords: 11, failedGroups: 0, skippedGroups: 0, deferredGroups: 0, message: 'Merged 5 groups <all> & done', ...payload },
  });

  it('tells what was merged, with the run summary escaped and a button to the history', () => {
    const message = cleanupSlackMessage(cleanup({ failedGroups: 1, deferredGroups: 2 }), links);
    expectValid(message);
    expect(message.text).toBe('Automatic cleanup merged 5 duplicate groups');
    expect(fieldTexts(message)).toEqual([['Merged 5 groups &lt;all&gt; &amp; done', '*Merged groups*\n5', '*Merged records*\n11', '*Failed*\n1 group', '*Left for the next run*\n2 groups']]);
    expect(buttons(message)[0]).toEqual({ text: 'Open cleanup history', url: 'https://app.example.com/duplicates?view=history' });
  });

  it('headlines failed, skipped and empty runs', () => {
    expect(cleanupSlackMessage(cleanup({ status: 'failed', mergedGroups: 0 }), links).text).toBe('Automatic cleanup failed');
    expect(cleanupSlackMessage(cleanup({ status: 'skipped', mergedGroups: 0 }), links).text).toBe('Automatic cleanup skipped');
    expect(cleanupSlackMessage(cleanup({ mergedGroups: 1 }), links).text).toBe('Automatic cleanup merged 1 duplicate group');
    expect(cleanupSlackMessage(cleanup({ mergedGroups: 0, message: '' }), links).text).toBe('Automatic cleanup finished: nothing to merge');
  });
});

describe('weeklyReportSlackMessage', () => {
  const trend = [40, null, 55, 60, 70, 75, 90, 100].map((healthScore, i) => ({ weekStart: `2026-10-${String(5 + i).padStart(2, '0')}`, healthScore }));
  const report: WeeklyReport = {
    weekStart: '2026-11-16T05:00:00.000Z',
    weekEnd: '2026-11-23T05:00:00.000Z',
    timeZone: 'America/New_York',
    types: [
      { objectType: 'contacts', healthScore: 72, change: -3, totalRecords: 1200, pendingGroups: 8, trend },
      { objectType: 'companies', healthScore: null, change: null, totalRecords: 0, pendingGroups: 0, trend: [] },
    ],
    problems: [{ objectType: 'contacts', kind: 'missing-values', label: 'Phone number missing', records: 340, share: 0.283, advice: 'Ask sales to fill in phone numbers <now>.' }],
    mergedGroups: 4,
    mergedRecords: 9,
    dismissedGroups: 2,
  };

  it('shows the week in its time zone, each scanned type with its trend, the problems and the week’s merges', () => {
    const message = weeklyReportSlackMessage(report, links);
    expectValid(message);
    expect(message.text).toBe('Weekly health report: Nov 16 – Nov 22, 2026');
    const sections = fieldTexts(message);
    expect(sections[0]).toEqual(['*Contacts*', '*Health score*\n72 ▼ 3', '*Records*\n1,200', '*Pending duplicate groups*\n8', '*Last 8 weeks*\n▄·▅▅▆▇██']);
    expect(sections.flat().join('\n')).not.toContain('Companies');
    expect(sections[1]![0]).toBe('*Top problems*\n1. *Contacts: Phone number missing*, 340 records (28%)\nAsk sales to fill in phone numbers &lt;now&gt;.');
    expect(sections[2]![0]).toBe('*This week:* 4 duplicate groups merged (9 records), 2 dismissed.');
    expect(buttons(message).map((b) => b.url)).toEqual(['https://app.example.com/dashboard', 'https://app.example.com/reports']);
  });

  it('says how to get a first report when nothing was scanned, and counts the week in UTC for an unknown zone', () => {
    const message = weeklyReportSlackMessage({ ...report, timeZone: 'Mars/Olympus', types: [], problems: [], mergedGroups: 0, mergedRecords: 0, dismissedGroups: 0 }, links);
    expectValid(message);
    expect(message.text).toBe('Weekly health report: Nov 16 – Nov 23, 2026');
    expect(fieldTexts(message).flat().join('\n')).toContain('No scan results yet');
    expect(fieldTexts(message).flat().join('\n')).toContain('no duplicate groups merged, 0 dismissed');
  });
});

describe('testSlackMessage', () => {
  it('says it is a test and links to the settings', () => {
    const message = testSlackMessage(links);
    expectValid(message);
    expect(message.text).toBe('DataCleaner test message');
    expect(buttons(message)).toEqual([{ text: 'Open notification settings', url: links.settingsUrl }]);
  });
});
