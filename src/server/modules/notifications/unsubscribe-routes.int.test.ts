import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSettings, users } from '../../db/schema';
import { register } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl, type UnsubscribeKind } from './unsubscribe';

const ctx = useTestApp({ work: false });

let nextUser = 1;
async function newUser(): Promise<number> {
  const email = `reader${nextUser++}@unsubscribe.example`;
  await register(ctx.app, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function flags(userId: number) {
  const [row] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return null;
  // Scan emails are the three notifyOn* switches; the master switch stays on, so the weekly report keeps coming.
  return { scan: row.notifyOnCompletedAnalysis || row.notifyOnDuplicatesFound || row.notifyOnHealthScoreChanges, weekly: row.emailWeeklyReport, all: row.emailNotifications };
}

/** The path and query of an unsubscribe link, as app.inject takes them. */
async function linkOf(userId: number, kind: UnsubscribeKind): Promise<string> {
  const url = new URL(await unsubscribeUrl(ctx.config, userId, kind));
  return url.pathname + url.search;
}

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('unsubscribe links', () => {
  it('build a link on PUBLIC_URL and the RFC 8058 headers for it', async () => {
    const url = await unsubscribeUrl(ctx.config, 42, 'weekly-report');
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=42\.weekly-report\.[\w-]{43}$/);
    expect(unsubscribeHeaders(url)).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('show a page that says what would be turned off, with a button, and change nothing', async () => {
    const userId = await newUser();
    const link = await linkOf(userId, 'scan-emails');

    const page = await ctx.app.inject({ method: 'GET', url: link, headers: browser });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Unsubscribe from scan notification emails?');
    expect(page.body).toContain('This stops the emails sent when a scan finishes, and the daily or weekly digests of them.');
    expect(page.body).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}"`);
    expect(page.body).toContain('href="http://localhost:3000/settings"');
    expect(await flags(userId)).toBeNull();
  });

  it('turn scan emails off with the form of the page, and say how to turn them back on', async () => {
    const userId = await newUser();
    const link = await linkOf(userId, 'scan-emails');

    // As the browser posts the page's form: same origin, a urlencoded body without fields.
    const done = await ctx.app.inject({ method: 'POST', url: link, headers: { ...browser, origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(done.body).toContain('Scan notification emails are off: you will no longer receive the emails sent when a scan finishes');
    expect(done.body).toContain('Turn them back on at any time in your notification settings.');
    expect(await flags(userId)).toEqual({ scan: false, weekly: true, all: true });

    const again = await ctx.app.inject({ method: 'GET', url: link, headers: browser });
    expect(again.body).toContain('Scan notification emails are already off');
    expect(again.body).not.toContain('<form');
  });

  it("turn the weekly report off with a mail provider's one-click POST, leaving scan emails on", async () => {
    const userId = await newUser();
    await ctx.database.db.insert(userSettings).values({ userId, emailNotifications: true, emailWeeklyReport: true, notificationEmail: 'reports@unsubscribe.example' });

    // RFC 8058: no Origin, no cookies, the one-click body.
    const done = await ctx.app.inject({ method: 'POST', url: await linkOf(userId, 'weekly-report'), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('The weekly health report is off');
    const [row] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    expect(row).toMatchObject({ emailNotifications: true, emailWeeklyReport: false, notificationEmail: 'reports@unsubscribe.example' });
  });

  it('answer JSON when asked for it, whatever the body', async () => {
    const userId = await newUser();
    const done = await ctx.app.inject({ method: 'POST', url: await linkOf(userId, 'weekly-report'), headers: { accept: 'application/json', 'content-type': 'text/plain' }, payload: 'anything at all' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'The weekly health report is off. Turn it back on at any time in Settings, Notifications.' });
    expect(await flags(userId)).toEqual({ scan: true, weekly: false, all: true });
  });

  it('refuse a changed or garbled token with words, as a page for a browser and as JSON otherwise', async () => {
    const userId = await newUser();
    const other = await newUser();
    const token = await unsubscribeToken(ctx.config, userId, 'scan-emails');
    const signature = token.split('.')[2]!;
    const forged = [
      `${other}.scan-emails.${signature}`,
      `${userId}.weekly-report.${signature}`,
      `${userId}.scan-emails.${signature.slice(0, -2)}AA`,
      token.slice(0, -5),
      'garbage',
      `${userId}.everything.${signature}`,
    ];
    for (const bad of forged) {
      const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`;
      const json = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(json.statusCode, bad).toBe(400);
      expect(json.json()).toEqual({ code: 'INVALID_UNSUBSCRIBE_LINK', message: expect.stringContaining('This unsubscribe link is not valid') });
      const page = await ctx.app.inject({ method: 'GET', url, headers: browser });
      expect(page.statusCode, bad).toBe(400);
      expect(page.body).toContain('This link does not work');
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('token is missing') });
    expect(await flags(userId)).toBeNull();
    expect(await flags(other)).toBeNull();
  });

  it("say so for an account that no longer exists", async () => {
    const userId = await newUser();
    const link = await linkOf(userId, 'scan-emails');
    await ctx.database.db.delete(users).where(eq(users.id, userId));
    const done = await ctx.app.inject({ method: 'POST', url: link });
    expect(done.statusCode).toBe(404);
    expect(done.json()).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'This account no longer exists, so it gets no more emails.' });
  });

  it('refuse a form posted from another website', async () => {
    const userId = await newUser();
    const response = await ctx.app.inject({ method: 'POST', url: await linkOf(userId, 'scan-emails'), headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(403);
    expect(await flags(userId)).toBeNull();
  });
});
