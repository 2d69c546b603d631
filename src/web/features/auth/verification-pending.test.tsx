import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { fakeApi, json } from '../../test/fake-api';
import { Providers } from '../../test/render-app';
import { VerificationPending } from './verification-pending';

function renderScreen(props: { justSent?: boolean; onBackToLogin?: () => void } = {}) {
  render(
    <Providers queryClient={createQueryClient()}>
      <VerificationPending email="ada@example.com" pollDevTokens={false} onBackToLogin={props.onBackToLogin ?? (() => undefined)} justSent={props.justSent ?? false} />
    </Providers>,
  );
}

/** Lets the fake fetch answer and React settle without moving the countdown. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('verification-pending screen', () => {
  it('names the address, the spam folder and the 24-hour lifetime', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText(/spam/i)).toBeInTheDocument();
    expect(screen.getByText(/expires in 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it('counts 30 s down after a successful send, disabled, then offers to resend again', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/auth/send-verification': () => json({ code: 'EMAIL_SENT', message: 'Please check your inbox to verify your email address' }) });
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await settle();
    expect(api.callsTo('POST', '/api/auth/send-verification')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: 'Resend Available in 30s' })).toBeDisabled();
    expect(screen.getByText('Verification email sent')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend Available in 29s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(28_000));
    expect(screen.getByRole('button', { name: 'Resend Available in 1s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it('starts counting at once when the email was just sent at registration', () => {
    renderScreen({ justSent: true });
    expect(screen.getByRole('button', { name: 'Resend Available in 30s' })).toBeDisabled();
  });

  it('opens the error dialog with Close, Contact Support and Retry; Retry says Retrying... and can succeed', async () => {
    vi.useFakeTimers();
    let answer: () => Response | Promise<Response> = () =>
      json({ code: 'EMAIL_DELIVERY_FAILED', message: 'We ran into an issue sending the email. Please try again in a moment.' }, 502);
    fakeApi({ 'POST /api/auth/send-verification': () => answer() });
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await settle();

    const dialog = screen.getByRole('alertdialog', { name: 'Verification Error' });
    expect(dialog).toHaveTextContent("Couldn't send your verification email");
    expect(dialog).toHaveTextContent('We ran into an issue sending the email. Please try again in a moment. If this issue continues, please contact support.');
    const support = screen.getByRole('link', { name: 'Contact Support' });
    expect(support).toHaveAttribute('href', '/support');
    expect(support).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await gate;
      return json({ code: 'EMAIL_SENT', message: 'sent' });
    };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Retrying...' })).toBeDisabled();
    release();
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Available in 30s' })).toBeDisabled();
  });

  it('Close dismisses the dialog and Back to Login leaves the screen', async () => {
    fakeApi({ 'POST /api/auth/send-verification': () => json({ code: 'RATE_LIMITED', message: 'Too many verification emails requested. Please try again later.' }, 429) });
    const onBack = vi.fn();
    renderScreen({ onBackToLogin: onBack });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('tells the user when the server cannot be reached', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      "We couldn't contact our servers. Please check your internet connection and try again. If this issue continues, please contact support.",
    );
  });
});
