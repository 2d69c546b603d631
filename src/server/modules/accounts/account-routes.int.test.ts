import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiConversations, aiMessages, crmConnections, mergeBackups, merges, notificationDeliveries, scanHistory, sessions, userSettings, users } from '../../db/schema';
import { COMPLETE_PROFILE, TEST_PASSWORD, activeUser, expireTrial, login } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';

const ctx = useTestApp({ work: false });

async function userId(email: string): Promise<number> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

describe('GET /api/account/export', () => {
  it('gives all my data as a JSON download, naming secrets without revealing them, and nothing of others', async () => {
    const cookie = await activeUser(ctx, 'exporter@example.com');
    await activeUser(ctx, 'neighbour@example.com');
    const id = await userId('exporter@example.com');
    await ctx.database.db.insert(userSettings).values({ userId: id, slackBotToken: 'xoxb-secret-token', slackChannel: '#crm' });
    await ctx.database.db.insert(scanHistory).values({ userId: id, objectType: 'contacts', totalRecords: 120, duplicateRecords: 4 });
    const [connection] = await ctx.database.db.insert(crmConnections).values({ userId: id, authType: 'private_app', hubId: '1' }).returning({ id: crmConnections.id });
    const [merge] = await ctx.database.db
      .insert(merges)
      .values({ userId: id, connectionId: connection!.id, objectType: 'contacts', performedBy: 'user', primaryRecordId: '11', secondaryIds: ['12'], survivorId: '11', fieldChoices: {} })
      .returning({ id: merges.id });
    await ctx.database.db.insert(mergeBackups).values({ mergeId: merge!.id, userId: id, objectType: 'contacts', hubspotId: '12', properties: { email: 'old-address@example.com' } });
    await ctx.database.db.insert(notificationDeliveries).values({ userId: id, channel: 'slack', kind: 'test', idempotencyKey: 'test:export', target: '#crm', subject: 'Test message from DataCleaner', status: 'failed', errorMessage: 'The bot is not in #crm.' });
    const [conversation] = await ctx.database.db.insert(aiConversations).values({ userId: id, title: 'Which companies have the most duplicates?', promptTokens: 812, completionTokens: 64 }).returning();
    await ctx.database.db.insert(aiMessages).values([
      { conversationId: conversation!.id, userId: id, role: 'user', content: 'Which companies have the most duplicates?' },
      { conversationId: conversation!.id, userId: id, role: 'assistant', content: 'Acme Corp (#7) has 4 records.', citations: [{ kind: 'group', label: 'Acme Corp (4 records)', href: '/duplicates?objectType=companies&group=7' }], promptTokens: 812, completionTokens: 64, byModel: true },
    ]);
    await expireTrial(ctx.database.db, 'exporter@example.com');

    const response = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="datacleaner-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = response.json();
    expect(body.account).toMatchObject({ email: 'exporter@example.com', ...COMPLETE_PROFILE, hasPassword: true });
    expect(body.settings[0]).toMatchObject({ slackChannel: '#crm', hasSlackBotToken: true });
    expect(body.scans).toHaveLength(1);
    // Backups of merged records hold CRM values: the user's data like any other.
    expect(body.merges).toHaveLength(1);
    expect(body.mergeBackups[0]).toMatchObject({ hubspotId: '12', properties: { email: 'old-address@example.com' } });
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(body.notifications).toEqual([expect.objectContaining({ channel: 'slack', target: '#crm', status: 'failed', errorMessage: 'The bot is not in #crm.' })]);
    expect(body.knownDevices[0]).toEqual({ createdAt: expect.any(String), lastUsedAt: expect.any(String) });
    // The assistant's conversations, each with its questions and answers.
    expect(body.assistantConversations).toEqual([
      expect.objectContaining({
        title: 'Which companies have the most duplicates?',
        promptTokens: 812,
        completionTokens: 64,
        messages: [expect.objectContaining({ role: 'user' }), expect.objectContaining({ role: 'assistant', content: 'Acme Corp (#7) has 4 records.', byModel: true })],
      }),
    ]);
    expect(response.body).not.toContain('xoxb-secret-token');
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain('neighbour@example.com');
  });

  it('is for signed-in users only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('asks for the password, then deletes the account with everything stored with it', async () => {
    const cookie = await activeUser(ctx, 'leaver@example.com');
    const id = await userId('leaver@example.com');
    await ctx.database.db.insert(scanHistory).values({ userId: id, objectType: 'companies' });

    const wrong = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { password: 'not it at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRMATION_FAILED' });
    expect(await userId('leaver@example.com')).toBe(id);

    const gone = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { password: TEST_PASSWORD } });
    expect(gone.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await ctx.database.db.select().from(scanHistory).where(eq(scanHistory.userId, id))).toEqual([]);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(ctx.app, 'leaver@example.com')).response.statusCode).toBe(401);
  });

  it('asks an account without a password to type its email instead', async () => {
    const cookie = await activeUser(ctx, 'google-only@example.com');
    await ctx.database.db.update(users).set({ password: null, isGoogleAccount: true }).where(eq(users.email, 'google-only@example.com'));
    const wrong = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { confirmEmail: 'someone@else.com' } });
    expect(wrong.json().message).toBe('Type your email address to confirm.');
    const right = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { confirmEmail: ' Google-Only@example.com ' } });
    expect(right.statusCode).toBe(200);
  });
});
