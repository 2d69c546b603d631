import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENT, type AnalyticsDetail } from '../../../lib/analytics';
import { setStoredUserId } from '../../../lib/local-storage';
import { fakeApi, json } from '../../../test/fake-api';
import { VERIFICATION_ERROR_EVENT, sendVerificationEmail, verificationErrorText } from './send-verification';

const SUFFIX = ' If this issue continues, please contact support.';

describe('verificationErrorText', () => {
  it('uses the default text when there is none, and appends the support sentence', () => {
    expect(verificationErrorText(undefined)).toBe(`We ran into an issue sending the email. Please try again in a moment.${SUFFIX}`);
    expect(verificationErrorText('  ')).toBe(`We ran into an issue sending the email. Please try again in a moment.${SUFFIX}`);
  });

  it('leaves a text that already mentions support alone', () => {
    expect(verificationErrorText('Please contact Support.')).toBe('Please contact Support.');
    expect(verificationErrorText('Too many emails.')).toBe(`Too many emails.${SUFFIX}`);
  });
});

describe('sendVerificationEmail', () => {
  let events: AnalyticsDetail[];
  const listener = (event: Event) => events.push((event as CustomEvent<AnalyticsDetail>).detail);
  beforeEach(() => {
    events = [];
    window.dataLayer = [];
    window.addEventListener(ANALYTICS_EVENT, listener);
    setStoredUserId(42);
  });
  afterEach(() => window.removeEventListener(ANALYTICS_EVENT, listener));

  it.each(['EMAIL_SENT', 'ALREADY_VERIFIED'] as const)('treats %s as success, with no analytics event', async (code) => {
    const api = fakeApi({ 'POST /api/auth/send-verification': () => json({ code, message: 'ok' }) });
    await expect(sendVerificationEmail('ada@example.com')).resolves.toEqual({ ok: true, code, message: 'ok' });
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(events).toEqual([]);
  });

  it('reports another code with the server message and sends the analytics event with userId and errorCode', async () => {
    fakeApi({ 'POST /api/auth/send-verification': () => json({ code: 'RESEND_COOLDOWN', message: 'Please wait 12 seconds before requesting another email.' }, 429) });
    await expect(sendVerificationEmail('ada@example.com')).resolves.toEqual({
      ok: false,
      code: 'RESEND_COOLDOWN',
      message: `Please wait 12 seconds before requesting another email.${SUFFIX}`,
    });
    const expected = { event: VERIFICATION_ERROR_EVENT, userId: '42', errorCode: 'RESEND_COOLDOWN' };
    expect(events).toEqual([expected]);
    expect(window.dataLayer).toEqual([expected]);
  });

  it('uses UNKNOWN_ERROR and the default text when the answer has neither code nor message', async () => {
    fakeApi({ 'POST /api/auth/send-verification': () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    const outcome = await sendVerificationEmail('ada@example.com');
    expect(outcome).toEqual({ ok: false, code: 'UNKNOWN_ERROR', message: `We ran into an issue sending the email. Please try again in a moment.${SUFFIX}` });
    expect(events[0]).toMatchObject({ errorCode: 'UNKNOWN_ERROR' });
  });

  it('says CLIENT_ERROR when the server cannot be reached (after the write retries)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const outcome = sendVerificationEmail('ada@example.com');
    await vi.advanceTimersByTimeAsync(3000);
    await expect(outcome).resolves.toEqual({
      ok: false,
      code: 'CLIENT_ERROR',
      message: `We couldn't contact our servers. Please check your internet connection and try again.${SUFFIX}`,
    });
    expect(events).toEqual([{ event: 'verification_email_send_error', userId: '42', errorCode: 'CLIENT_ERROR' }]);
  });
});
