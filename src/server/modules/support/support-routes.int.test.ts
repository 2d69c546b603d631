import { describe, expect, it } from 'vitest';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { readOutbox } from '../notifications';

const ctx = useTestApp({ work: false });

const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
  ctx.app.inject({ method: 'POST', url: '/api/support/messages', payload, headers, remoteAddress: ip });

describe('POST /api/support/messages', () => {
  it('emails the message to the support inbox with the sender as Reply-To, and says when to expect an answer', async () => {
    const response = await send({ email: 'grace@example.com', name: 'Grace', topic: 'hubspot', message: 'My scan stops at 60%.\n\nIt says the daily limit was reached.' });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe('Thanks, we got your message and will answer grace@example.com within one business day.');
    const [email] = await readOutbox(ctx.config.dataDir);
    expect(email).toMatchObject({ to: ctx.config.SUPPORT_EMAIL, kind: 'support', replyTo: 'grace@example.com', subject: '[Support] Connecting HubSpot or scans: My scan stops at 60%.' });
    expect(email!.text).toContain('From Grace <grace@example.com>. Not signed in.');
    expect(email!.text).toContain('It says the daily limit was reached.');
  });

  it('names the account of a signed-in sender', async () => {
    const cookie = await activeUser(ctx, 'signed-in@example.com');
    expect((await send({ email: 'other-address@example.com', topic: 'account', message: 'Please change my email address.' }, { cookie }, '203.0.113.8')).statusCode).toBe(202);
    const [email] = await readOutbox(ctx.config.dataDir);
    expect(email!.text).toMatch(/Signed in as account \d+ \(signed-in@example\.com\)\./);
  });

  it('refuses what it cannot send, with the reason', async () => {
    const response = await send({ email: 'not-an-address', topic: 'nonsense', message: 'short' }, {}, '203.0.113.9');
    expect(response.statusCode).toBe(400);
    const { message } = response.json();
    expect(message).toContain('Please enter a valid email address');
    expect(message).toContain('Choose what your question is about');
    expect(message).toContain('Tell us a little more: at least 10 characters');
  });

  it('takes five messages an hour from one address', async () => {
    for (let i = 0; i < 5; i++) expect((await send({ email: 'busy@example.com', topic: 'other', message: `Message number ${i} here.` }, {}, '198.51.100.1')).statusCode).toBe(202);
    const sixth = await send({ email: 'busy@example.com', topic: 'other', message: 'One message too many.' }, {}, '198.51.100.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
  });
});
