import { eq } from 'drizzle-orm';
import type { Citation, DataBlock } from '../../../shared/contracts/assistant';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { userSettings } from '../../db/schema';
import { recommendationsFor } from '../recommendations';
import { appLink, figure, plural, screen, TYPE_LABELS, type ToolContext, type ToolResult } from './tool-context';

/** The settings that shape how duplicates are found, with what each does. */
const MATCHING_SETTINGS = [
  { key: 'duplicateDetectionSensitivity', label: 'Duplicate detection sensitivity', effect: 'How sure the matcher must be before it proposes a group: high finds more, low only the clearest.' },
  { key: 'fuzzyMatchingThreshold', label: 'Fuzzy matching threshold', effect: 'How alike two spellings must be (0-100) to count as the same value.' },
  { key: 'enableFuzzyMatching', label: 'Fuzzy matching', effect: 'Matches values that differ by typos or small spelling changes.' },
  { key: 'enablePhoneticMatching', label: 'Phonetic matching', effect: 'Matches names that sound alike (Smith and Smyth).' },
  { key: 'normalizeBusinessNames', label: 'Normalize business names', effect: 'Ignores legal suffixes and punctuation (Acme Inc. and ACME).' },
  { key: 'normalizeEmails', label: 'Normalize emails', effect: 'Compares addresses in one form (case, dots and +tags where the provider ignores them).' },
  { key: 'normalizePhoneNumbers', label: 'Normalize phone numbers', effect: 'Compares numbers in international form, whatever their formatting.' },
] as const;

type MatchingKey = (typeof MATCHING_SETTINGS)[number]['key'];

/** matching_settings: the user's values of the settings that shape matching (defaults where none are saved). */
export async function matchingSettings(ctx: ToolContext): Promise<ToolResult> {
  const [row] = await ctx.db.select().from(userSettings).where(eq(userSettings.userId, ctx.user.id)).limit(1);
  const values = Object.fromEntries(MATCHING_SETTINGS.map(({ key }) => [key, row?.[key] ?? SETTINGS_DEFAULTS[key]])) as Record<MatchingKey, string | number | boolean>;
  const shown = (value: string | number | boolean) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : value);
  const block: DataBlock = {
    tool: 'matching_settings',
    title: 'Settings that shape duplicate matching',
    caption: 'Change them in Settings > Duplicate detection; the next scan uses them.',
    columns: [
      { key: 'setting', label: 'Setting', format: 'text' },
      { key: 'value', label: 'Value', format: 'text' },
      { key: 'effect', label: 'What it does', format: 'text' },
    ],
    rows: MATCHING_SETTINGS.map(({ key, label, effect }) => ({ setting: label, value: shown(values[key]), effect })),
    chart: null,
  };
  return {
    forModel: values,
    blocks: [block],
    citations: [screen(ctx, 'Settings: duplicate detection', '/settings#duplicates')],
    summary: `Duplicate detection sensitivity is ${values.duplicateDetectionSensitivity}, the fuzzy matching threshold ${values.fuzzyMatchingThreshold}; fuzzy matching is ${shown(values.enableFuzzyMatching)} and phonetic matching ${shown(values.enablePhoneticMatching)}.`,
  };
}

/** recommendations: the rules' findings over the latest scans, most useful first, with the same figures as the dashboard's card. */
export async function recommendationsTool(ctx: ToolContext): Promise<ToolResult> {
  const { recommendations, basedOnScanAt } = await recommendationsFor(ctx.db, ctx.user, { now: ctx.now });
  // Actions are app paths or the CSV's API path; only app paths are screens to cite.
  const actionHref = (href: string) => (href.startsWith('/api/') ? (ctx.basePath ? href.replace(/^\/api\//, '/api/demo/') : href) : appLink(ctx, href));
  const block: DataBlock = {
    tool: 'recommendations',
    title: 'What to fix first',
    caption: basedOnScanAt ? `From the scans up to ${basedOnScanAt.slice(0, 10)}.` : 'No scan has finished yet.',
    columns: [
      { key: 'severity', label: 'Severity', format: 'text' },
      { key: 'title', label: 'Recommendation', format: 'text' },
      { key: 'recordsAffected', label: 'Records affected', format: 'number' },
      { key: 'percent', label: 'Share', format: 'percent' },
      { key: 'healthPoints', label: 'Health points to gain', format: 'number' },
      { key: 'duplicatesRemoved', label: 'Duplicates removed', format: 'number' },
      { key: 'action', label: 'Where', format: 'link' },
    ],
    rows: recommendations.map((r) => ({
      severity: r.severity,
      title: r.title,
      recordsAffected: r.evidence.recordsAffected,
      percent: r.evidence.percent,
      healthPoints: r.expectedGain.healthPoints,
      duplicatesRemoved: r.expectedGain.duplicatesRemoved,
      action: { label: r.action.label, href: actionHref(r.action.href) },
    })),
    chart: null,
  };
  const citations: Citation[] = [
    ...recommendations.filter((r) => !r.action.href.startsWith('/api/')).map((r): Citation => ({ kind: 'screen', label: r.action.label, href: actionHref(r.action.href) })),
    screen(ctx, 'Dashboard', '/dashboard'),
  ];
  const first = recommendations[0];
  return {
    forModel: {
      basedOnScanAt,
      recommendations: recommendations.map((r) => ({
        key: r.key,
        title: r.title,
        objectType: r.objectType,
        severity: r.severity,
        explanation: r.explanation,
        recordsAffected: r.evidence.recordsAffected,
        totalRecords: r.evidence.totalRecords,
        percent: r.evidence.percent,
        properties: r.evidence.properties,
        expectedGain: r.expectedGain,
        action: { label: r.action.label, href: actionHref(r.action.href) },
      })),
    },
    blocks: [block],
    citations,
    summary: first
      ? `${plural(recommendations.length, 'recommendation')}. First: ${first.title}${first.objectType ? ` (${TYPE_LABELS[first.objectType].toLowerCase()})` : ''}, ${plural(first.evidence.recordsAffected, 'record')} affected${first.expectedGain.healthPoints !== null ? `, about ${figure(first.expectedGain.healthPoints)} health points to gain` : ''}.`
      : 'Nothing to fix right now: no rule finds a problem in the latest scans.',
  };
}
