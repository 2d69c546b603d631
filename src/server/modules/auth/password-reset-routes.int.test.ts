import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema';
import { TEST_PASSWORD, latestEmail, latestToken, login, register } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { readOutbox } from '../notifications';

const ctx = useTestApp({ work: false });
const requestReset = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const confirm = (token: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password, confirmPassword: password } });

describe('password reset', () => {
  it('emails a one-hour link; the new password works, the old one and every session end', async () => {
    const { cookie } = await register(ctx.app, 'forgetful@example.com');
    const asked = await requestReset('forgetful@example.com');
    expect(asked.statusCode).toBe(200);
    const email = await latestEmail(ctx, 'forgetful@example.com', 'password-reset');
    expect(email?.subject).toBe('Reset your password');
    expect(email?.link).toMatch(/\/reset-password\?token=/);

    const done = await confirm(await latestToken(ctx, 'forgetful@example.com', 'password-reset'), 'brand new secret');
    expect(done.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(ctx.app, 'forgetful@example.com')).response.statusCode).toBe(401);
    const again = await login(ctx.app, 'forgetful@example.com', 'brand new secret');
    expect(again.response.statusCode).toBe(200);
    // The link reached their mailbox, which verifies it.
    expect(again.response.json().needsVerification).toBe(false);
    expect((await latestEmail(ctx, 'forgetful@example.com', 'password-changed'))?.subject).toBe('Your password was changed');
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    await register(ctx.app, 'real@example.com');
    const known = await requestReset('real@example.com');
    const before = (await readOutbox(ctx.config.dataDir)).length;
    const unknown = await requestReset('imaginary@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json().message.replace('imaginary@example.com', 'X')).toBe(known.json().message.replace('real@example.com', 'X'));
    expect(await readOutbox(ctx.config.dataDir)).toHaveLength(before);
  });

  it('accepts a link once, and never after its hour', async () => {
    await register(ctx.app, 'once@example.com');
    await requestReset('once@example.com');
    const token = await latestToken(ctx, 'once@example.com', 'password-reset');
    expect((await confirm(token, 'first new one')).statusCode).toBe(200);
    expect((await confirm(token, 'second new one')).json()).toMatchObject({ code: 'TOKEN_INVALID' });

    await requestReset('once@example.com');
    const late = await latestToken(ctx, 'once@example.com', 'password-reset');
    const [account] = await ctx.database.db.select().from(users).where(eq(users.email, 'once@example.com'));
    await ctx.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, account!.id));
    expect((await confirm(late, 'too late now')).statusCode).toBe(400);
    expect((await login(ctx.app, 'once@example.com', 'first new one')).response.statusCode).toBe(200);
  });

  it('holds the new password to the registration rules', async () => {
    await register(ctx.app, 'rules@example.com');
    await requestReset('rules@example.com');
    const token = await latestToken(ctx, 'rules@example.com', 'password-reset');
    const short = await confirm(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 6 characters');
    const differ = await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'secret-1', confirmPassword: 'secret-2' } });
    expect(differ.json().message).toContain('Passwords do not match');
    expect((await login(ctx.app, 'rules@example.com', TEST_PASSWORD)).response.statusCode).toBe(200);
  });

  it('limits requests per account', async () => {
    await register(ctx.app, 'spammed@example.com');
    for (let k = 0; k < 5; k++) expect((await requestReset('spammed@example.com')).statusCode).toBe(200);
    expect((await requestReset('spammed@example.com')).statusCode).toBe(429);
  });
});
