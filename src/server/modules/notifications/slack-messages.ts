import type { NotificationEvent } from '../../../shared/contracts/notifications';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import type { NoticeEvents, NoticeLinks, WeeklyReport, WeeklyReportType } from './notice-types';

/**
 * Slack messages in Block Kit: a headline, the figures as fields, buttons into the app and a
 * link to the notification settings. Pure functions of the notice shapes; `text` is the
 * fallback Slack shows in notifications and the history's subject.
 */

interface PlainText {
  type: 'plain_text';
  text: string;
  emoji?: boolean;
}
interface Mrkdwn {
  type: 'mrkdwn';
  text: string;
}
interface SlackButton {
  type: 'button';
  text: PlainText;
  url: string;
  action_id: string;
  style?: 'primary';
}
export type SlackBlock =
  | { type: 'header'; text: PlainText }
  | { type: 'section'; text?: Mrkdwn; fields?: Mrkdwn[] }
  | { type: 'actions'; elements: SlackButton[] }
  | { type: 'context'; elements: Mrkdwn[] }
  | { type: 'divider' };

export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

type CleanupEvent = Extract<NotificationEvent, { kind: 'cleanup.completed' }>;

/** Slack's limits (Block Kit reference). */
const LIMITS = { header: 150, text: 3000, field: 2000, fields: 10, button: 75, fallback: 3000 } as const;

const TYPE_NAMES: Record<ObjectType, string> = { contacts: 'Contacts', companies: 'Companies', deals: 'Deals', tickets: 'Tickets' };
const TRIGGERS: Record<string, string> = { manual: 'Manual scan', schedule: 'Scheduled scan', api: 'Scan started through the API' };
const SPARKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Slack's mrkdwn gives &, < and > a meaning: text from data is escaped. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const score = (n: number) => (Math.round(n * 10) / 10).toLocaleString('en-US');

function change(delta: number): string {
  const rounded = Math.round(delta * 10) / 10;
  if (rounded > 0) return `▲ ${score(rounded)}`;
  if (rounded < 0) return `▼ ${score(-rounded)}`;
  return 'no change';
}

function healthText(current: number, previous: number | null | undefined): string {
  if (previous === null || previous === undefined) return `${score(current)} (first scan)`;
  return `${score(current)} ${change(current - previous)} (was ${score(previous)})`;
}

const header = (text: string): SlackBlock => ({ type: 'header', text: { type: 'plain_text', text: clip(text, LIMITS.header), emoji: true } });
const section = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text: clip(text, LIMITS.text) } });
const field = (label: string, value: string): Mrkdwn => ({ type: 'mrkdwn', text: clip(`*${label}*\n${value}`, LIMITS.field) });
const fieldsSection = (title: string, fields: Mrkdwn[]): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text: clip(title, LIMITS.text) }, fields: fields.slice(0, LIMITS.fields) });

function button(text: string, url: string, actionId: string, primary = false): SlackButton {
  return { type: 'button', text: { type: 'plain_text', text: clip(text, LIMITS.button) }, url, action_id: actionId, ...(primary ? { style: 'primary' as const } : {}) };
}

function footer(links: NoticeLinks, lead?: string): SlackBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: clip(`${lead ? `${escape(lead)} · ` : ''}Sent by DataCleaner · <${links.settingsUrl}|Notification settings>`, LIMITS.text) }] };
}

function appLink(links: NoticeLinks, path: string, query: Record<string, string> = {}, hash?: string): string {
  const search = new URLSearchParams(query).toString();
  return `${links.appUrl}${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * Messages stay far inside Slack's 50 blocks and 25 buttons (four object types at most), and
 * every text is clipped to its limit where it is made; the fallback is clipped here.
 */
function message(text: string, blocks: SlackBlock[]): SlackMessage {
  return { text: clip(text, LIMITS.fallback), blocks };
}

interface TypeFigures {
  totalRecords?: number;
  newGroups?: number;
  totalGroups?: number;
  healthScore?: number;
  previousHealthScore?: number | null;
  /** When the new groups were found, from duplicates.found. */
  foundAt?: string;
}

/** One line of figures per object type, the later event winning where two tell the same. */
function figuresByType(events: NoticeEvents): Map<ObjectType, TypeFigures> {
  const byType = new Map<ObjectType, TypeFigures>();
  const of = (type: ObjectType) => byType.get(type) ?? byType.set(type, {}).get(type)!;
  for (const event of [...events].sort((a, b) => a.id - b.id)) {
    if (event.kind === 'scan.completed') {
      const p = event.payload;
      Object.assign(of(p.objectType), { totalRecords: p.totalRecords, totalGroups: p.duplicateGroups, newGroups: p.newDuplicateGroups, healthScore: p.healthScore, previousHealthScore: p.previousHealthScore });
    } else if (event.kind === 'duplicates.found') {
      const p = event.payload;
      Object.assign(of(p.objectType), { newGroups: p.newGroups, totalGroups: p.totalGroups, foundAt: p.foundAt });
    } else if (event.kind === 'health.changed') {
      const p = event.payload;
      Object.assign(of(p.objectType), { healthScore: p.healthScore, previousHealthScore: p.previousHealthScore });
    }
  }
  return new Map(OBJECT_TYPES.filter((type) => byType.has(type)).map((type) => [type, byType.get(type)!]));
}

function scanHeadline(events: NoticeEvents, figures: Map<ObjectType, TypeFigures>): string {
  const failed = events.find((e) => e.kind === 'scan.failed');
  if (failed?.kind === 'scan.failed') return `Scan failed: ${failed.payload.objectTypes.map((type) => TYPE_NAMES[type]).join(', ')}`;
  const found = events.flatMap((e) => (e.kind === 'duplicates.found' ? [e.payload] : []));
  if (found.length > 0) {
    const types = [...new Set(found.map((p) => TYPE_NAMES[p.objectType]))];
    return `${plural(found.reduce((n, p) => n + p.newGroups, 0), 'new duplicate group')} found in ${types.join(', ')}`;
  }
  const changed = events.flatMap((e) => (e.kind === 'health.changed' ? [e.payload] : []));
  if (changed.length === 1) {
    const p = changed[0]!;
    return `${TYPE_NAMES[p.objectType]} health score ${p.change < 0 ? 'fell' : 'rose'} to ${score(p.healthScore)} (${change(p.change)})`;
  }
  if (changed.length > 1) return `Health scores changed: ${changed.map((p) => `${TYPE_NAMES[p.objectType]} ${change(p.change)}`).join(', ')}`;
  return `Scan finished: ${[...figures.keys()].map((type) => TYPE_NAMES[type]).join(', ') || 'no object types'}`;
}

function typeFields(figures: TypeFigures): Mrkdwn[] {
  const fields: Mrkdwn[] = [];
  if (figures.totalRecords !== undefined) fields.push(field('Records', count(figures.totalRecords)));
  if (figures.totalGroups !== undefined || figures.newGroups !== undefined) {
    const parts = [figures.newGroups !== undefined ? `${count(figures.newGroups)} new` : null, figures.totalGroups !== undefined ? `${count(figures.totalGroups)} total` : null];
    fields.push(field('Duplicate groups', parts.filter(Boolean).join(' · ')));
  }
  if (figures.healthScore !== undefined) fields.push(field('Health score', healthText(figures.healthScore, figures.previousHealthScore)));
  return fields;
}

/** The notice of one scan: its scan.completed, duplicates.found and health.changed events. */
export function scanSlackMessage(events: NoticeEvents, links: NoticeLinks): SlackMessage {
  const figures = figuresByType(events);
  const headline = scanHeadline(events, figures);
  const blocks: SlackBlock[] = [header(headline)];
  const failed = events.find((e) => e.kind === 'scan.failed');
  if (failed?.kind === 'scan.failed') {
    const { message: why, completedTypes } = failed.payload;
    const kept = completedTypes.length ? `Finished first, and saved: ${completedTypes.map((type) => TYPE_NAMES[type]).join(', ')}.` : 'Nothing from this scan was saved; the earlier results stay.';
    blocks.push(section(`:warning: ${escape(why)}\n${kept}`));
  }
  for (const [type, typeFigures] of figures) {
    const fields = typeFields(typeFigures);
    if (fields.length > 0) blocks.push(fieldsSection(`*${TYPE_NAMES[type]}*`, fields));
  }
  const buttons = [
    failed ? button('Check the HubSpot connection', appLink(links, '/settings', {}, 'hubspot'), 'open_settings', true) : button('Open dashboard', appLink(links, '/dashboard'), 'open_dashboard', true),
  ];
  for (const [type, typeFigures] of figures) {
    if (!typeFigures.newGroups) continue;
    const query: Record<string, string> = { objectType: type, sort: 'newest', ...(typeFigures.foundAt ? { since: new Date(typeFigures.foundAt).toISOString() } : {}) };
    buttons.push(button(`Review new ${TYPE_NAMES[type]} duplicates`, appLink(links, '/duplicates', query), `review_${type}`));
  }
  blocks.push({ type: 'actions', elements: buttons });
  const trigger = events.flatMap((e) => (e.kind === 'scan.completed' || e.kind === 'scan.failed' ? [e.payload.trigger] : []))[0];
  blocks.push(footer(links, trigger ? (TRIGGERS[trigger] ?? 'Scan') : undefined));
  return message(headline, blocks);
}

function cleanupHeadline({ status, mergedGroups }: CleanupEvent['payload']): string {
  if (status === 'failed') return 'Automatic cleanup failed';
  if (status === 'skipped') return 'Automatic cleanup skipped';
  return mergedGroups > 0 ? `Automatic cleanup merged ${plural(mergedGroups, 'duplicate group')}` : 'Automatic cleanup finished: nothing to merge';
}

/** The notice of one automatic cleanup run. */
export function cleanupSlackMessage(event: CleanupEvent, links: NoticeLinks): SlackMessage {
  const p = event.payload;
  const headline = cleanupHeadline(p);
  const fields = [field('Merged groups', count(p.mergedGroups)), field('Merged records', count(p.mergedRecords))];
  if (p.failedGroups > 0) fields.push(field('Failed', plural(p.failedGroups, 'group')));
  if (p.skippedGroups > 0) fields.push(field('Skipped', plural(p.skippedGroups, 'group')));
  if (p.deferredGroups > 0) fields.push(field('Left for the next run', plural(p.deferredGroups, 'group')));
  const blocks: SlackBlock[] = [
    header(headline),
    fieldsSection(escape(p.message) || headline, fields),
    { type: 'actions', elements: [button('Open cleanup history', appLink(links, '/duplicates', { view: 'history' }), 'open_cleanup_history', true), button('Open dashboard', appLink(links, '/dashboard'), 'open_dashboard')] },
    footer(links),
  ];
  return message(headline, blocks);
}

function zoneOrUtc(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "Nov 16 – Nov 22, 2026": the week's first and last day in the report's time zone. */
function weekRange(report: WeeklyReport): string {
  const timeZone = zoneOrUtc(report.timeZone);
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone });
  const year = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone });
  const start = new Date(report.weekStart);
  // weekEnd is the next Monday at midnight: the week's last day is the moment before.
  const last = new Date(new Date(report.weekEnd).getTime() - 1);
  return `${day.format(start)} – ${day.format(last)}, ${year.format(last)}`;
}

/** Eight weeks of scores as bars on a 0-100 scale; a dot for a week without a scan. */
function sparkline(trend: WeeklyReportType['trend']): string {
  return trend.map((week) => (week.healthScore === null ? '·' : SPARKS[Math.min(SPARKS.length - 1, Math.max(0, Math.floor(week.healthScore / (100 / SPARKS.length))))])).join('');
}

function reportFields(type: WeeklyReportType): Mrkdwn[] {
  const health = type.healthScore === null ? 'not scanned' : `${score(type.healthScore)}${type.change === null ? '' : ` ${change(type.change)}`}`;
  return [field('Health score', health), field('Records', count(type.totalRecords)), field('Pending duplicate groups', count(type.pendingGroups)), field('Last 8 weeks', sparkline(type.trend) || '—')];
}

/** The weekly health report: each type's score and trend, the top problems, the week's merges. */
export function weeklyReportSlackMessage(report: WeeklyReport, links: NoticeLinks): SlackMessage {
  const range = weekRange(report);
  const headline = `Weekly health report: ${range}`;
  const blocks: SlackBlock[] = [header(headline)];
  const scanned = report.types.filter((type) => type.healthScore !== null || type.totalRecords > 0);
  if (scanned.length === 0) blocks.push(section('No scan results yet. Run a scan from the dashboard and next week’s report will show your health scores.'));
  for (const type of scanned) blocks.push(fieldsSection(`*${TYPE_NAMES[type.objectType]}*`, reportFields(type)));
  if (report.problems.length > 0) {
    const lines = report.problems.map(
      (problem, i) => `${i + 1}. *${TYPE_NAMES[problem.objectType]}: ${escape(problem.label)}*, ${plural(problem.records, 'record')} (${Math.round(problem.share * 100)}%)\n${escape(problem.advice)}`,
    );
    blocks.push({ type: 'divider' }, section(`*Top problems*\n${lines.join('\n')}`));
  }
  const merged = report.mergedGroups > 0 ? `${plural(report.mergedGroups, 'duplicate group')} merged (${plural(report.mergedRecords, 'record')})` : 'no duplicate groups merged';
  blocks.push(section(`*This week:* ${merged}, ${count(report.dismissedGroups)} dismissed.`));
  blocks.push({ type: 'actions', elements: [button('Open dashboard', appLink(links, '/dashboard'), 'open_dashboard', true), button('Open reports', appLink(links, '/reports'), 'open_reports')] });
  blocks.push(footer(links, `Week in ${zoneOrUtc(report.timeZone)}`));
  return message(headline, blocks);
}

/** What "Send a test" posts. */
export function testSlackMessage(links: NoticeLinks): SlackMessage {
  const headline = 'DataCleaner test message';
  return message(headline, [
    header('DataCleaner can post here'),
    section('This is a test from DataCleaner. Scan results, new duplicates and health score changes will appear in this channel, as your notification settings choose.'),
    { type: 'actions', elements: [button('Open notification settings', links.settingsUrl, 'open_settings', true)] },
    footer(links),
  ]);
}
