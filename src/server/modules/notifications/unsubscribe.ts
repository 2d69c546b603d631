import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userSettings, users } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';

/**
 * Unsubscribing without signing in (RFC 8058 one-click, or the footer link): a signed token
 * names the user and the kind of email, so the link itself is the authority. It never expires:
 * an old email's link must still work.
 */

/**
 * scan-emails: scan notifications, instant and digests (the three notifyOn* switches, so the
 * weekly report stays as it was); weekly-report: emailWeeklyReport.
 */
export const UNSUBSCRIBE_KINDS = ['scan-emails', 'weekly-report'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** What each kind turns off, in the words the page and the confirmation use. */
export const UNSUBSCRIBE_WORDS: Record<UnsubscribeKind, { name: string; what: string; is: string; them: string }> = {
  'scan-emails': { name: 'Scan notification emails', what: 'the emails sent when a scan finishes, and the daily or weekly digests of them', is: 'are', them: 'them' },
  'weekly-report': { name: 'The weekly health report', what: 'the weekly email with your health scores, their trend and the top problems to fix', is: 'is', them: 'it' },
};

async function signingKey(config: Config): Promise<Buffer> {
  return (await secretBoxFor(config)).deriveKey('unsubscribe-link');
}

const signature = (key: Buffer, userId: number, kind: UnsubscribeKind) => createHmac('sha256', key).update(`${userId}.${kind}`).digest();

/** `<userId>.<kind>.<HMAC-SHA256, base64url>`: short enough for a header, readable in a log. */
export async function unsubscribeToken(config: Config, userId: number, kind: UnsubscribeKind): Promise<string> {
  return `${userId}.${kind}.${signature(await signingKey(config), userId, kind).toString('base64url')}`;
}

/** The API link of the List-Unsubscribe header and the footer's Unsubscribe link. */
export async function unsubscribeUrl(config: Config, userId: number, kind: UnsubscribeKind): Promise<string> {
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await unsubscribeToken(config, userId, kind))}`;
}

/** RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs to the link. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The user and kind a token names, or null when it is garbled or its signature does not match. */
export async function readUnsubscribeToken(config: Config, token: string): Promise<{ userId: number; kind: UnsubscribeKind } | null> {
  const match = /^([1-9]\d{0,9})\.([a-z-]+)\.([\w-]{43})$/.exec(token.trim());
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = UNSUBSCRIBE_KINDS.find((k) => k === match[2]);
  if (!kind || userId > 2_147_483_647) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signature(await signingKey(config), userId, kind);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}

const SCAN_SWITCHES = ['notifyOnCompletedAnalysis', 'notifyOnDuplicatesFound', 'notifyOnHealthScoreChanges'] as const;

/** Whether the kind is on for the user now; null when the account no longer exists. */
export async function isSubscribed(db: Db, userId: number, kind: UnsubscribeKind): Promise<boolean | null> {
  const [row] = await db
    .select({ exists: users.id, settings: userSettings })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  // No settings row yet: the defaults, under which both kinds are on.
  const settings = { ...SETTINGS_DEFAULTS, emailWeeklyReport: true, ...row.settings };
  if (!settings.emailNotifications) return false;
  return kind === 'weekly-report' ? settings.emailWeeklyReport : SCAN_SWITCHES.some((name) => settings[name]);
}

/** Turns the kind off; false when the account no longer exists. */
export async function unsubscribe(db: Db, userId: number, kind: UnsubscribeKind): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const change = { ...(kind === 'weekly-report' ? { emailWeeklyReport: false } : Object.fromEntries(SCAN_SWITCHES.map((name) => [name, false]))), updatedAt: new Date() };
  await db
    .insert(userSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: userSettings.userId, set: change });
  return true;
}
