import { describe, expect, it } from 'vitest';
import { trialDates, trialStatus } from './trial';

const start = new Date('2026-01-01T00:00:00Z');
const { trialEndDate } = trialDates(start);

describe('trialStatus', () => {
  it('runs 14 days from registration', () => {
    expect(trialEndDate.toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(trialStatus({ plan: 'free', trialEndDate }, new Date('2026-01-01T12:00:00Z'))).toEqual({
      isTrialActive: true,
      daysRemaining: 14,
      trialEndDate: '2026-01-15T00:00:00.000Z',
      shouldRedirectToPayment: false,
    });
    expect(trialStatus({ plan: 'free', trialEndDate }, new Date('2026-01-14T23:00:00Z')).daysRemaining).toBe(1);
  });

  it('sends a free account to payment once the trial is over, never a paid one', () => {
    const after = new Date('2026-01-15T00:00:01Z');
    expect(trialStatus({ plan: 'free', trialEndDate }, after)).toMatchObject({ isTrialActive: false, daysRemaining: 0, shouldRedirectToPayment: true });
    expect(trialStatus({ plan: 'starter', trialEndDate }, after)).toMatchObject({ isTrialActive: false, shouldRedirectToPayment: false });
  });
});
