import type { NotificationEvent } from '../../../shared/contracts/notifications';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { renderEmail, type EmailBlock, type EmailCell, type EmailContent, type RenderedEmail } from './email-templates';
import type { NoticeEvents, NoticeLinks, WeeklyReport } from './notice-types';

/** What every notification email needs besides its figures. */
export interface NoticeEmailContext {
  links: NoticeLinks;
  /** Turns this email's kind off without signing in; also sent as the List-Unsubscribe header. */
  unsubscribeUrl: string;
  /** The user's IANA zone; dates are shown in UTC without one. */
  timeZone: string | null;
  /** en-US when not given. */
  locale?: string;
}

type CleanupEvent = Extract<NotificationEvent, { kind: 'cleanup.completed' }>;

/** A digest shows this many scans (and cleanups) in full; the rest are counted. */
export const DIGEST_SECTION_CAP = 10;

const TYPE_LABELS: Record<ObjectType, string> = { contacts: 'Contacts', companies: 'Companies', deals: 'Deals', tickets: 'Tickets' };

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** ICU puts thin and narrow spaces in dates (which ones depends on its version); plain text wants plain ones. */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

/** Numbers, dates and score changes in the user's locale and zone. */
class Formats {
  readonly locale: string;
  readonly timeZone: string;

  constructor(ctx: Pick<NoticeEmailContext, 'locale' | 'timeZone'>) {
    this.locale = ctx.locale ?? 'en-US';
    this.timeZone = ctx.timeZone ?? 'UTC';
  }

  count(n: number): string {
    return n.toLocaleString(this.locale);
  }

  score(n: number): string {
    return Math.round(n).toLocaleString(this.locale);
  }

  /** +6 / −3 (a real minus sign) / ±0, in whole points as the scores are shown. */
  change(change: number): string {
    const points = Math.round(change);
    if (points === 0) return '±0';
    return points > 0 ? `+${this.count(points)}` : `\u2212${this.count(-points)}`;
  }

  dateTime(iso: string): string {
    return plainSpaces(new Intl.DateTimeFormat(this.locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: this.timeZone, timeZoneName: 'short' }).format(new Date(iso)));
  }

  /** A period whose end is exclusive (a week ends at the next Monday 00:00), shown as the days it covers. */
  days(from: string, to: string): string {
    const end = new Date(Math.max(Date.parse(from), Date.parse(to) - 1));
    return plainSpaces(new Intl.DateTimeFormat(this.locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: this.timeZone }).formatRange(new Date(from), end));
  }
}

/** A score with its move: "78 ▲ +6" in green, "64 ▼ −2" in red, "78" when there is nothing to compare with. */
function scoreCell(f: Formats, score: number, change: number | null): EmailCell {
  if (change === null) return { text: f.score(score) };
  const points = Math.round(change);
  if (points === 0) return { text: `${f.score(score)} (no change)` };
  return { text: `${f.score(score)} ${points > 0 ? '\u25B2' : '\u25BC'} ${f.change(change)}`, tone: points > 0 ? 'good' : 'bad' };
}

/** What the events of one scan say about one object type; a figure no event gave stays undefined. */
interface TypeSummary {
  objectType: ObjectType;
  records?: number;
  newGroups?: number;
  totalGroups?: number;
  newRecords?: number;
  healthScore?: number;
  change?: number | null;
  /** When its new groups were found: the duplicates screen shows the groups found since then. */
  foundAt?: string;
}

interface ScanSummary {
  /** When the scan finished (its newest event). */
  at: string;
  types: TypeSummary[];
  /** Set when the scan stopped in failure: why, and what it had covered. */
  failure?: { message: string; objectTypes: ObjectType[]; completedTypes: ObjectType[] };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function summarizeScan(events: readonly NotificationEvent[]): ScanSummary {
  const byType = new Map<ObjectType, TypeSummary>();
  const of = (objectType: ObjectType) => byType.get(objectType) ?? byType.set(objectType, { objectType }).get(objectType)!;
  let at = '';
  let failure: ScanSummary['failure'];
  for (const event of events) {
    if (event.kind === 'cleanup.completed') continue;
    if (event.kind === 'scan.failed') {
      const { message, objectTypes, completedTypes } = event.payload;
      failure = { message, objectTypes, completedTypes };
      if (event.payload.failedAt > at) at = event.payload.failedAt;
      continue;
    }
    const summary = of(event.payload.objectType);
    if (event.kind === 'scan.completed') {
      const p = event.payload;
      Object.assign(summary, { records: p.totalRecords, totalGroups: p.duplicateGroups, healthScore: p.healthScore, change: p.previousHealthScore === null ? null : round1(p.healthScore - p.previousHealthScore) });
      summary.newGroups ??= p.newDuplicateGroups;
      if (p.newDuplicateGroups > 0) summary.foundAt ??= p.scannedAt;
      if (p.scannedAt > at) at = p.scannedAt;
    } else if (event.kind === 'duplicates.found') {
      const p = event.payload;
      Object.assign(summary, { newGroups: p.newGroups, totalGroups: p.totalGroups, newRecords: p.newRecords, foundAt: p.foundAt });
    } else {
      Object.assign(summary, { healthScore: event.payload.healthScore, change: event.payload.change });
    }
    if (event.createdAt > at) at = event.createdAt;
  }
  return { at, types: OBJECT_TYPES.flatMap((type) => byType.get(type) ?? []), ...(failure ? { failure } : {}) };
}

const newGroupsOf = (types: TypeSummary[]) => types.reduce((sum, t) => sum + (t.newGroups ?? 0), 0);

/** Object type, then only the columns some event filled. */
function scanTable(f: Formats, types: TypeSummary[]): EmailBlock {
  const has = { records: types.some((t) => t.records !== undefined), groups: types.some((t) => t.totalGroups !== undefined), health: types.some((t) => t.healthScore !== undefined) };
  const columns = ['Object type', ...(has.records ? ['Records'] : []), ...(has.groups ? ['Duplicate groups'] : []), ...(has.health ? ['Health score'] : [])];
  const none: EmailCell = { text: '', tone: 'muted' };
  const rows = types.map((t): EmailCell[] => [
    TYPE_LABELS[t.objectType],
    ...(has.records ? [t.records === undefined ? none : f.count(t.records)] : []),
    ...(has.groups ? [t.totalGroups === undefined ? none : { text: `${t.newGroups ? `${f.count(t.newGroups)} new` : 'none new'}, ${f.count(t.totalGroups)} in all`, strong: Boolean(t.newGroups) }] : []),
    ...(has.health ? [t.healthScore === undefined ? none : scoreCell(f, t.healthScore, t.change ?? null)] : []),
  ]);
  return { type: 'table', columns, rows };
}

/** The duplicates screen filtered to the newest groups of the type with the most, or the dashboard. */
function scanAction(links: NoticeLinks, types: TypeSummary[]): { label: string; url: string } {
  const withNew = types.filter((t) => (t.newGroups ?? 0) > 0);
  if (withNew.length === 0) return { label: 'Open the dashboard', url: `${links.appUrl}/dashboard` };
  const top = withNew.reduce((a, b) => ((b.newGroups ?? 0) > (a.newGroups ?? 0) ? b : a));
  const since = withNew.map((t) => t.foundAt).filter((at): at is string => Boolean(at)).sort()[0];
  const query = new URLSearchParams({ objectType: top.objectType, sort: 'newest', ...(since ? { since } : {}) });
  return { label: withNew.length === 1 ? `Review the new duplicate ${top.objectType}` : 'Review the new duplicates', url: `${links.appUrl}/duplicates?${query}` };
}

function scanSubject(f: Formats, types: TypeSummary[]): string {
  const withNew = types.filter((t) => (t.newGroups ?? 0) > 0);
  if (withNew.length === 1) {
    const n = withNew[0]!.newGroups!;
    return `Scan finished: ${f.count(n)} new duplicate ${withNew[0]!.objectType} ${plural(n, 'group')}`;
  }
  if (withNew.length > 1) {
    const n = newGroupsOf(withNew);
    return `Scan finished: ${f.count(n)} new duplicate groups (${listOf(withNew.map((t) => t.objectType))})`;
  }
  const scored = types.filter((t) => t.healthScore !== undefined);
  const health = (t: TypeSummary) => `${f.score(t.healthScore!)}${t.change === undefined || t.change === null ? '' : ` (${f.change(t.change)})`}`;
  if (scored.length === 1) return `Scan finished: health ${health(scored[0]!)}`;
  if (scored.length > 1) return `Scan finished: health ${scored.map((t) => `${t.objectType} ${health(t)}`).join(', ')}`;
  return `Scan finished: ${listOf(types.map((t) => t.objectType))}`;
}

/** The sentences behind the figures: what is new, and which scores moved. */
function scanSentences(f: Formats, types: TypeSummary[]): string[] {
  const sentences: string[] = [];
  for (const t of types) {
    if (t.newGroups) {
      const records = t.newRecords ? ` (${f.count(t.newRecords)} ${plural(t.newRecords, 'record')})` : '';
      const waiting = t.totalGroups !== undefined ? ` ${f.count(t.totalGroups)} ${plural(t.totalGroups, 'group is', 'groups are')} now waiting for review.` : '';
      sentences.push(`${f.count(t.newGroups)} new ${plural(t.newGroups, 'group')} of duplicate ${t.objectType}${records} found.${waiting}`);
    }
  }
  for (const t of types) {
    if (t.healthScore !== undefined && typeof t.change === 'number' && Math.round(t.change) !== 0) {
      const points = Math.abs(Math.round(t.change));
      sentences.push(`${TYPE_LABELS[t.objectType]} health ${t.change > 0 ? 'rose' : 'fell'} ${f.count(points)} ${plural(points, 'point')} to ${f.score(t.healthScore)} since the previous scan.`);
    }
  }
  return sentences;
}

function footer(ctx: NoticeEmailContext, why: string): Pick<EmailContent, 'footnote' | 'footerLinks'> {
  return {
    footnote: why,
    footerLinks: [
      { label: 'Notification settings', url: ctx.links.settingsUrl },
      { label: 'Unsubscribe', url: ctx.unsubscribeUrl },
    ],
  };
}

function rendered(subject: string, content: EmailContent): RenderedEmail {
  return { subject, ...renderEmail(content) };
}

const SCAN_WHY = 'You received this email because scan notifications by email are on in your DataCleaner settings.';

/** One email per finished scan, from its events (already filtered by the user's switches). */
export function scanNotificationEmail(events: NoticeEvents, ctx: NoticeEmailContext): RenderedEmail {
  const f = new Formats(ctx);
  const scan = summarizeScan(events);
  if (scan.failure) return failedScanEmail(f, scan, scan.failure, ctx);
  const subject = scanSubject(f, scan.types);
  const types = listOf(scan.types.map((t) => t.objectType));
  const sentences = scanSentences(f, scan.types);
  return rendered(subject, {
    preheader: sentences[0] ?? `Your ${types} were checked on ${f.dateTime(scan.at)}.`,
    heading: 'Your scan finished',
    paragraphs: [`DataCleaner finished checking your ${types} on ${f.dateTime(scan.at)}.`, ...sentences],
    blocks: scan.types.length > 0 ? [scanTable(f, scan.types)] : [],
    action: scanAction(ctx.links, scan.types),
    ...footer(ctx, SCAN_WHY),
  });
}

/** The sentences of a failed scan: why, and what was kept. */
function failureSentences(failure: NonNullable<ScanSummary['failure']>): string[] {
  const kept = failure.completedTypes.length
    ? `It finished your ${listOf(failure.completedTypes)} first: those results are saved and shown below.`
    : 'Nothing from this scan was saved; your earlier results stay as they were.';
  return [failure.message, kept];
}

/** A scan that stopped: what went wrong in words, what it finished first, and where to fix it. */
function failedScanEmail(f: Formats, scan: ScanSummary, failure: NonNullable<ScanSummary['failure']>, ctx: NoticeEmailContext): RenderedEmail {
  const types = listOf(failure.objectTypes);
  return rendered(`Scan failed: ${types}`, {
    preheader: failure.message,
    heading: 'Your scan did not finish',
    paragraphs: [`DataCleaner could not finish checking your ${types} on ${f.dateTime(scan.at)}.`, ...failureSentences(failure), ...scanSentences(f, scan.types)],
    blocks: scan.types.length > 0 ? [scanTable(f, scan.types)] : [],
    action: { label: 'Check the HubSpot connection', url: `${ctx.links.appUrl}/settings#hubspot` },
    ...footer(ctx, SCAN_WHY),
  });
}

function cleanupSubject(f: Formats, p: CleanupEvent['payload']): string {
  if (p.status === 'failed') return 'Automatic cleanup failed';
  if (p.status === 'skipped') return 'Automatic cleanup skipped';
  if (p.mergedGroups === 0) return 'Automatic cleanup finished: nothing to merge';
  return `Automatic cleanup: ${f.count(p.mergedGroups)} duplicate ${plural(p.mergedGroups, 'group')} merged`;
}

function cleanupTable(f: Formats, p: CleanupEvent['payload']): EmailBlock {
  const rows: [string, number][] = [
    ['Groups merged', p.mergedGroups],
    ['Records merged into others', p.mergedRecords],
    ['Groups that failed', p.failedGroups],
    ['Groups skipped', p.skippedGroups],
    ['Groups left for the next run', p.deferredGroups],
  ];
  return { type: 'table', columns: ['Automatic cleanup', 'Count'], rows: rows.map(([label, n]) => [label, { text: f.count(n), ...(label === 'Groups that failed' && n > 0 ? { tone: 'bad' as const } : {}) }]) };
}

const cleanupHistoryUrl = (links: NoticeLinks) => `${links.appUrl}/duplicates?view=history`;

/** After an automatic cleanup run: what it merged, and what it could not. */
export function cleanupNotificationEmail(event: CleanupEvent, ctx: NoticeEmailContext): RenderedEmail {
  const f = new Formats(ctx);
  const p = event.payload;
  return rendered(cleanupSubject(f, p), {
    preheader: p.message,
    heading: p.status === 'completed' ? 'Automatic cleanup finished' : cleanupSubject(f, p),
    paragraphs: [`The automatic duplicate cleanup ran on ${f.dateTime(event.createdAt)}.`, p.message],
    blocks: [cleanupTable(f, p)],
    action: { label: 'See what was merged', url: cleanupHistoryUrl(ctx.links) },
    ...footer(ctx, 'You received this email because automatic cleanup is on and scan notifications by email are on in your DataCleaner settings.'),
  });
}

/** One section per scan (its events share a run) and per cleanup run. */
interface DigestSection {
  at: string;
  scan?: ScanSummary;
  cleanup?: CleanupEvent;
}

function digestSections(events: NoticeEvents): DigestSection[] {
  const scans = new Map<string, NotificationEvent[]>();
  const sections: DigestSection[] = [];
  for (const event of events) {
    if (event.kind === 'cleanup.completed') {
      sections.push({ at: event.createdAt, cleanup: event });
      continue;
    }
    // Events of a run share it; a scan without a run (the demo's replays) stands alone.
    const key = event.kind === 'scan.failed' || event.payload.runId !== null ? `run:${event.payload.runId}` : `scan:${event.payload.scanId}`;
    scans.set(key, [...(scans.get(key) ?? []), event]);
  }
  for (const group of scans.values()) {
    const scan = summarizeScan(group);
    sections.push({ at: scan.at, scan });
  }
  return sections.sort((a, b) => b.at.localeCompare(a.at));
}

function digestSubject(f: Formats, frequency: 'daily' | 'weekly', sections: DigestSection[]): string {
  const scans = sections.filter((s) => s.scan);
  const cleanups = sections.length - scans.length;
  const newGroups = newGroupsOf(scans.flatMap((s) => s.scan!.types));
  const parts = [
    ...(scans.length ? [`${f.count(scans.length)} ${plural(scans.length, 'scan')}`] : []),
    ...(newGroups ? [`${f.count(newGroups)} new duplicate ${plural(newGroups, 'group')}`] : scans.length ? ['no new duplicates'] : []),
    ...(cleanups ? [`${f.count(cleanups)} automatic ${plural(cleanups, 'cleanup')}`] : []),
  ];
  return `Your ${frequency} DataCleaner digest: ${parts.length ? parts.join(', ') : 'nothing new'}`;
}

/** Every notification since the last digest, grouped by scan, newest first; past DIGEST_SECTION_CAP only counted. */
export function digestEmail(events: NoticeEvents, period: { frequency: 'daily' | 'weekly'; from: string; to: string }, ctx: NoticeEmailContext): RenderedEmail {
  const f = new Formats(ctx);
  const sections = digestSections(events);
  const shown = sections.slice(0, DIGEST_SECTION_CAP);
  const hidden = sections.length - shown.length;
  const blocks = shown.flatMap((section): EmailBlock[] => {
    if (section.cleanup) {
      const p = section.cleanup.payload;
      return [{ type: 'heading', text: `Automatic cleanup, ${f.dateTime(section.at)}` }, { type: 'paragraph', text: p.message, ...(p.status === 'failed' ? { tone: 'bad' as const } : {}) }];
    }
    const scan = section.scan!;
    const failed = scan.failure ? failureSentences(scan.failure).map((text, i): EmailBlock => ({ type: 'paragraph', text, ...(i === 0 ? { tone: 'bad' as const } : {}) })) : [];
    return [
      { type: 'heading', text: `${scan.failure ? 'Failed scan' : 'Scan'} of ${f.dateTime(scan.at)}` },
      ...failed,
      ...scanSentences(f, scan.types).map((text): EmailBlock => ({ type: 'paragraph', text })),
      ...(scan.types.length > 0 ? [scanTable(f, scan.types)] : []),
    ];
  });
  if (hidden > 0) blocks.push({ type: 'paragraph', text: `And ${f.count(hidden)} more: the dashboard and the notification history show them all.`, tone: 'muted' });
  const allTypes = sections.flatMap((s) => s.scan?.types ?? []);
  const subject = digestSubject(f, period.frequency, sections);
  return rendered(subject, {
    preheader: subject.replace(/^.*?: /, ''),
    heading: `Your ${period.frequency} digest`,
    paragraphs: [sections.length ? `Everything since your last digest, ${f.days(period.from, period.to)}, newest first.` : `Nothing new since your last digest, ${f.days(period.from, period.to)}.`],
    blocks,
    action: scanAction(ctx.links, allTypes),
    ...footer(ctx, `You received this digest because you chose a ${period.frequency} digest of scan notifications by email in your DataCleaner settings.`),
  });
}

function reportTable(f: Formats, report: WeeklyReport): EmailBlock {
  const types = report.types.filter((t) => t.healthScore !== null || t.trend.some((w) => w.healthScore !== null));
  const rows = types.map((t): EmailCell[] => {
    const trend = t.trend.map((w) => w.healthScore);
    return [
      TYPE_LABELS[t.objectType],
      t.healthScore === null ? { text: 'Not scanned', tone: 'muted' } : scoreCell(f, t.healthScore, t.change),
      { text: trend.map((score) => (score === null ? '-' : f.score(score))).join(' '), bars: trend },
      f.count(t.totalRecords),
      f.count(t.pendingGroups),
    ];
  });
  return { type: 'table', columns: ['Object type', 'Health score', `Last ${report.types[0]?.trend.length ?? 8} weeks`, 'Records', 'Duplicate groups waiting'], rows };
}

function reportDecisions(f: Formats, report: WeeklyReport): string {
  if (report.mergedGroups === 0 && report.dismissedGroups === 0) return 'No duplicate groups were merged or dismissed this week.';
  const merged = `${f.count(report.mergedGroups)} duplicate ${plural(report.mergedGroups, 'group')} merged (${f.count(report.mergedRecords)} ${plural(report.mergedRecords, 'record')} merged into others)`;
  return `This week: ${merged} and ${f.count(report.dismissedGroups)} ${plural(report.dismissedGroups, 'group')} dismissed as not duplicates.`;
}

/** The weekly health report: scores with their eight-week trend, the top problems and the week's merges. */
export function weeklyReportEmail(report: WeeklyReport, ctx: NoticeEmailContext): RenderedEmail {
  const f = new Formats({ ...ctx, timeZone: ctx.timeZone ?? report.timeZone });
  const week = f.days(report.weekStart, report.weekEnd);
  const scored = report.types.filter((t) => t.healthScore !== null);
  const headline = scored.length === 1 ? `: ${scored[0]!.objectType} health ${f.score(scored[0]!.healthScore!)}` : '';
  const problems: EmailBlock[] = report.problems.length
    ? [
        { type: 'heading', text: `Top ${report.problems.length === 1 ? 'problem' : `${f.count(report.problems.length)} problems`}` },
        {
          type: 'items',
          items: report.problems.map((p) => ({ title: `${TYPE_LABELS[p.objectType]}: ${p.label} (${f.count(p.records)} ${plural(p.records, 'record')}, ${Math.round(p.share * 100)}%)`, text: p.advice })),
        },
      ]
    : [{ type: 'paragraph', text: 'No problems stand out this week.' }];
  return rendered(`Your weekly CRM health report, ${week}${headline}`, {
    preheader: `Health scores, their trend and what to fix first, ${week}.`,
    heading: 'Your weekly health report',
    paragraphs: [`How your HubSpot data looked in the week of ${week}.`],
    blocks: [reportTable(f, report), ...problems, { type: 'heading', text: 'Duplicates this week' }, { type: 'paragraph', text: reportDecisions(f, report) }],
    action: { label: 'Open the reports', url: `${ctx.links.appUrl}/reports` },
    ...footer(ctx, 'You received this report because the weekly health report is on in your DataCleaner settings.'),
  });
}

/** Sent by the "Send a test" button: proves the address and the mail server work. */
export function testNotificationEmail(ctx: NoticeEmailContext, now = new Date()): RenderedEmail {
  const f = new Formats(ctx);
  return rendered('DataCleaner test email', {
    preheader: 'Your notification emails will reach this inbox.',
    heading: 'Your notification emails work',
    paragraphs: [
      `This is the test you sent from your notification settings on ${f.dateTime(now.toISOString())}.`,
      'Scan notifications, digests and the weekly health report will reach this inbox. If this email landed in spam, mark it as not spam so the next ones arrive in your inbox.',
    ],
    action: { label: 'Open notification settings', url: ctx.links.settingsUrl },
    ...footer(ctx, 'You received this email because someone sent a test from the notification settings of your DataCleaner account.'),
  });
}
