import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../../shared/contracts/notifications';
import type { RenderedEmail } from './email-templates';
import type { WeeklyReport } from './notice-types';
import { cleanupNotificationEmail, digestEmail, DIGEST_SECTION_CAP, scanNotificationEmail, testNotificationEmail, weeklyReportEmail, type NoticeEmailContext } from './notification-emails';

const ctx: NoticeEmailContext = {
  links: { appUrl: 'https://app.example.com', settingsUrl: 'https://app.example.com/settings#notifications' },
  unsubscribeUrl: 'https://app.example.com/api/notifications/unsubscribe?token=7.scan-emails.s1g&x=1',
  timeZone: 'Europe/Berlin',
};

let nextId = 1;
function scanCompleted(objectType: 'contacts' | 'companies' | 'deals' | 'tickets', over: Partial<Extract<NotificationEvent, { kind: 'scan.completed' }>['payload']> = {}): NotificationEvent {
  const payload = { runId: 11, trigger: 'manual', scanId: 100 + nextId, objectType, totalRecords: 1204, duplicateRecords: 30, duplicateGroups: 40, newDuplicateGroups: 0, healthScore: 78.4, previousHealthScore: 72.1, scannedAt: '2026-11-24T08:14:00.000Z', ...over };
  return { id: nextId++, kind: 'scan.completed', createdAt: payload.scannedAt, payload };
}
function duplicatesFound(objectType: 'contacts' | 'companies', newGroups: number, over: { runId?: number | null; foundAt?: string } = {}): NotificationEvent {
  const foundAt = over.foundAt ?? '2026-11-24T08:13:30.000Z';
  return { id: nextId++, kind: 'duplicates.found', createdAt: foundAt, payload: { runId: over.runId === undefined ? 11 : over.runId, scanId: 200 + nextId, objectType, newGroups, totalGroups: 40, newRecords: 31, foundAt } };
}
function healthChanged(objectType: 'contacts' | 'deals', healthScore: number, previousHealthScore: number, runId = 11, createdAt = '2026-11-24T08:14:00.000Z'): NotificationEvent {
  return { id: nextId++, kind: 'health.changed', createdAt, payload: { runId, scanId: 300 + nextId, objectType, healthScore, previousHealthScore, change: Math.round((healthScore - previousHealthScore) * 10) / 10 } };
}
const cleanup = (status: 'completed' | 'failed' | 'skipped', mergedGroups: number, createdAt = '2026-11-24T09:00:00.000Z') =>
  ({
    id: nextId++,
    kind: 'cleanup.completed',
    createdAt,
    payload: { cleanupRunId: 3, scanRunId: 11, status, mergedGroups, mergedRecords: mergedGroups * 2, failedGroups: 1, skippedGroups: 0, deferredGroups: 2, message: `Merged ${mergedGroups} groups automatically.` },
  }) as const;

/** Both parts hold every given text. */
function expectInBoth(email: RenderedEmail, ...texts: string[]) {
  for (const text of texts) {
    expect(email.text, `text part: ${text}`).toContain(text);
    expect(email.html, `html part: ${text}`).toContain(text.replace(/&/g, '&amp;'));
  }
}

function expectFooter(email: RenderedEmail) {
  const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  expect(hrefs).toContain(ctx.links.settingsUrl);
  expect(hrefs).toContain(ctx.unsubscribeUrl);
  expect(email.text).toContain(`Notification settings: ${ctx.links.settingsUrl}`);
  expect(email.text).toContain(`Unsubscribe: ${ctx.unsubscribeUrl}`);
  expect(email.html).toContain('Unsubscribe</a>');
  expect(email.text).toMatch(/You received this (email|digest|report) because/);
  expect(email.text).not.toMatch(/<[a-z]/i);
  expect(email.html).not.toContain('<img');
}

describe('scanNotificationEmail', () => {
  it('leads with new duplicates, links the duplicates screen filtered to them, and shows every figure in both parts', () => {
    const email = scanNotificationEmail([scanCompleted('contacts', { newDuplicateGroups: 12 }), duplicatesFound('contacts', 12), scanCompleted('companies', { totalRecords: 310, duplicateGroups: 3, healthScore: 64, previousHealthScore: 66 })], ctx);

    expect(email.subject).toBe('Scan finished: 12 new duplicate contacts groups');
    expectInBoth(email, 'Contacts', 'Companies', '1,204', '310', '12 new, 40 in all', 'none new, 3 in all', '78 \u25B2 +6', '64 \u25BC \u22122', '12 new groups of duplicate contacts (31 records) found. 40 groups are now waiting for review.');
    // Shown in Berlin time.
    expectInBoth(email, 'Nov 24, 2026, 9:14 AM GMT+1');
    const url = 'https://app.example.com/duplicates?objectType=contacts&sort=newest&since=2026-11-24T08%3A13%3A30.000Z';
    expect(email.text).toContain(`Review the new duplicate contacts: ${url}`);
    expect(email.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expectFooter(email);
  });

  it('names the types and the total when several have new duplicates', () => {
    const email = scanNotificationEmail([duplicatesFound('contacts', 12), duplicatesFound('companies', 1, { foundAt: '2026-11-24T08:10:00.000Z' })], ctx);
    expect(email.subject).toBe('Scan finished: 13 new duplicate groups (contacts and companies)');
    // The type with the most, since the earliest of them.
    expect(email.text).toContain('Review the new duplicates: https://app.example.com/duplicates?objectType=contacts&sort=newest&since=2026-11-24T08%3A10%3A00.000Z');
    expect(email.text).toContain('1 new group of duplicate companies (31 records) found.');
  });

  it('leads with the health score when nothing new was found, and links the dashboard', () => {
    const email = scanNotificationEmail([scanCompleted('contacts')], ctx);
    expect(email.subject).toBe('Scan finished: health 78 (+6)');
    expect(email.text).toContain('Open the dashboard: https://app.example.com/dashboard');
    expect(email.text).toContain('Contacts health rose 6 points to 78 since the previous scan.');

    const first = scanNotificationEmail([scanCompleted('deals', { previousHealthScore: null, healthScore: 91 }), scanCompleted('tickets', { healthScore: 70, previousHealthScore: 73 })], ctx);
    expect(first.subject).toBe('Scan finished: health deals 91, tickets 70 (\u22123)');
  });

  it('shows only what its events tell: a health change alone has no records or duplicates column', () => {
    const email = scanNotificationEmail([healthChanged('deals', 55, 63)], ctx);
    expect(email.subject).toBe('Scan finished: health 55 (\u22128)');
    expect(email.html).not.toContain('Records</th>');
    expect(email.html).not.toContain('Duplicate groups</th>');
    expectInBoth(email, 'Health score', '55 \u25BC \u22128', 'Deals health fell 8 points to 55 since the previous scan.');
    expect(email.text).not.toContain('Contacts');
  });

  it('shows dates in UTC without a time zone and numbers in the given locale', () => {
    const email = scanNotificationEmail([scanCompleted('contacts', { totalRecords: 1234567 })], { ...ctx, timeZone: null, locale: 'de-DE' });
    expect(email.text).toContain('1.234.567');
    expect(email.text).toContain('UTC');
  });
});

describe('cleanupNotificationEmail', () => {
  it('says what the run merged and links the history', () => {
    const email = cleanupNotificationEmail(cleanup('completed', 5), ctx);
    expect(email.subject).toBe('Automatic cleanup: 5 duplicate groups merged');
    expectInBoth(email, 'Merged 5 groups automatically.', 'Groups merged', 'Records merged into others', '10', 'Groups left for the next run');
    expect(email.text).toContain('See what was merged: https://app.example.com/duplicates?view=history');
    expectFooter(email);
    expect(cleanupNotificationEmail(cleanup('failed', 0), ctx).subject).toBe('Automatic cleanup failed');
    expect(cleanupNotificationEmail(cleanup('completed', 0), ctx).subject).toBe('Automatic cleanup finished: nothing to merge');
  });
});

describe('digestEmail', () => {
  const period = { frequency: 'daily' as const, from: '2026-11-23T07:00:00.000Z', to: '2026-11-24T07:00:00.000Z' };

  it('groups events by scan, newest first, and counts them in the subject', () => {
    const older = [scanCompleted('contacts', { runId: 10, scannedAt: '2026-11-23T10:00:00.000Z', newDuplicateGroups: 2 }), duplicatesFound('contacts', 2, { runId: 10, foundAt: '2026-11-23T09:59:00.000Z' })];
    const newer = [scanCompleted('companies', { runId: 12, scannedAt: '2026-11-23T20:00:00.000Z' }), healthChanged('deals', 80, 70, 12, '2026-11-23T20:00:00.000Z')];
    const email = digestEmail([...older, cleanup('completed', 1, '2026-11-23T15:00:00.000Z'), ...newer], period, ctx);

    expect(email.subject).toBe('Your daily DataCleaner digest: 2 scans, 2 new duplicate groups, 1 automatic cleanup');
    const order = ['Scan of Nov 23, 2026, 9:00 PM GMT+1', 'Automatic cleanup, Nov 23, 2026, 4:00 PM GMT+1', 'Scan of Nov 23, 2026, 11:00 AM GMT+1'].map((heading) => email.text.indexOf(heading));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expectInBoth(email, 'Nov 23 – 24, 2026', '2 new groups of duplicate contacts (31 records) found.', 'Deals health rose 10 points to 80');
    expect(email.text).toContain('Review the new duplicate contacts: https://app.example.com/duplicates?objectType=contacts&sort=newest&since=2026-11-23T09%3A59%3A00.000Z');
    expectFooter(email);
    expect(email.text).toContain('because you chose a daily digest');
  });

  it(`shows ${DIGEST_SECTION_CAP} scans and counts the rest`, () => {
    const events = Array.from({ length: DIGEST_SECTION_CAP + 3 }, (_, i) => scanCompleted('contacts', { runId: 500 + i, scannedAt: new Date(Date.UTC(2026, 10, 17, i)).toISOString() }));
    const email = digestEmail(events, { ...period, frequency: 'weekly' }, ctx);
    expect(email.subject).toBe(`Your weekly DataCleaner digest: ${DIGEST_SECTION_CAP + 3} scans, no new duplicates`);
    expect(email.text.match(/^Scan of /gm)).toHaveLength(DIGEST_SECTION_CAP);
    expectInBoth(email, 'And 3 more: the dashboard and the notification history show them all.');
    // The newest are shown.
    expect(email.text).toContain('Scan of Nov 17, 2026, 1:00 PM GMT+1');
    expect(email.text).not.toContain('Scan of Nov 17, 2026, 1:00 AM GMT+1');
  });

  it('says so when there is nothing', () => {
    expect(digestEmail([], period, ctx).subject).toBe('Your daily DataCleaner digest: nothing new');
  });
});

describe('weeklyReportEmail', () => {
  const report: WeeklyReport = {
    weekStart: '2026-11-16T23:00:00.000Z',
    weekEnd: '2026-11-23T23:00:00.000Z',
    timeZone: 'Europe/Berlin',
    types: [
      { objectType: 'contacts', healthScore: 78.4, change: 6, totalRecords: 1204, pendingGroups: 40, trend: [60, null, 65, 66, 70, 71, 72, 78].map((healthScore, i) => ({ weekStart: `2026-10-${String(i + 1).padStart(2, '0')}`, healthScore })) },
      { objectType: 'companies', healthScore: 64, change: null, totalRecords: 310, pendingGroups: 3, trend: [null, null, null, null, null, null, null, 64].map((healthScore, i) => ({ weekStart: `2026-10-${String(i + 1).padStart(2, '0')}`, healthScore })) },
      { objectType: 'deals', healthScore: null, change: null, totalRecords: 0, pendingGroups: 0, trend: Array.from({ length: 8 }, (_, i) => ({ weekStart: `2026-10-0${i + 1}`, healthScore: null })) },
    ],
    problems: [
      { objectType: 'contacts', kind: 'duplicates', label: '40 groups of duplicate records', records: 96, share: 0.08, advice: 'Review the 40 groups on the Duplicates page; merge the ones you agree with.' },
      { objectType: 'contacts', kind: 'missing-values', label: 'Phone number < 50% & "missing"', records: 412, share: 0.342, advice: 'Sales cannot call these records & more.' },
    ],
    mergedGroups: 5,
    mergedRecords: 7,
    dismissedGroups: 2,
  };

  it('shows each scanned type with its score, change and an eight-week bar chart of table cells', () => {
    const email = weeklyReportEmail(report, ctx);
    expect(email.subject).toBe('Your weekly CRM health report, Nov 17 – 23, 2026');
    expectInBoth(email, 'Contacts', '78 \u25B2 +6', '60 - 65 66 70 71 72 78', '1,204', '40', 'Companies', '- - - - - - - 64');
    expect(email.text).not.toContain('Deals');
    // Bars: 78 is 31px of 40; a week without a scan is a thin grey line.
    expect(email.html).toContain('height="31" bgcolor="#0d9488"');
    expect(email.html).toContain('height="2" bgcolor="#cbd5e1"');
    expect(email.html).toContain('role="img" aria-label="Last 8 weeks: 60 - 65 66 70 71 72 78"');
    expect(email.html).not.toContain('<img');
    expectFooter(email);
  });

  it('lists the top problems with their advice, escaped, and the week\'s merges and dismissals', () => {
    const email = weeklyReportEmail(report, ctx);
    expectInBoth(email, 'Top 2 problems', 'Contacts: 40 groups of duplicate records (96 records, 8%)', 'Review the 40 groups on the Duplicates page; merge the ones you agree with.', 'This week: 5 duplicate groups merged (7 records merged into others) and 2 groups dismissed as not duplicates.');
    expect(email.html).toContain('Phone number &lt; 50% &amp; &quot;missing&quot; (412 records, 34%)');
    expect(email.html).toContain('Sales cannot call these records &amp; more.');
    expect(email.text).toContain('Phone number < 50% & "missing" (412 records, 34%)');
    expect(email.text).toContain('Open the reports: https://app.example.com/reports');
  });

  it('says when the week had no merges or problems', () => {
    const email = weeklyReportEmail({ ...report, problems: [], mergedGroups: 0, mergedRecords: 0, dismissedGroups: 0 }, { ...ctx, timeZone: null });
    expectInBoth(email, 'No problems stand out this week.', 'No duplicate groups were merged or dismissed this week.');
  });
});

describe('testNotificationEmail', () => {
  it('says it is a test and links the settings', () => {
    const email = testNotificationEmail(ctx, new Date('2026-11-24T08:00:00Z'));
    expect(email.subject).toBe('DataCleaner test email');
    expectInBoth(email, 'This is the test you sent from your notification settings on Nov 24, 2026, 9:00 AM GMT+1.');
    expect(email.text).toContain(`Open notification settings: ${ctx.links.settingsUrl}`);
    expectFooter(email);
  });
});

it('refuses links that are not web addresses', () => {
  expect(() => testNotificationEmail({ ...ctx, unsubscribeUrl: 'javascript:alert(1)' })).toThrow(/http or https/);
});
