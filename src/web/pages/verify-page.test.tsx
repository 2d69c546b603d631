import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

describe('/verify', () => {
  it('completes verification once with the token and continues to profile setup, signed in', async () => {
    const verified = makeUser({ needsProfileCompletion: true, fullName: null });
    const api = fakeApi({ 'POST /api/auth/verify': () => json({ message: 'Your email address is verified.', ...verified }) });
    const { router } = renderApp('/verify?token=abcdefghijklmnop');
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/profile/setup'));
    expect(api.callsTo('POST', '/api/auth/verify')).toEqual([expect.objectContaining({ body: { token: 'abcdefghijklmnop' } })]);
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.getByText('Email verified')).toBeInTheDocument();
    expect(window.localStorage.getItem('userId')).toBe('7');
  });

  it("shows the server's reason when the link does not work", async () => {
    fakeApi({ 'POST /api/auth/verify': () => json({ message: 'This verification link has expired. Sign in to get a new one.', code: 'TOKEN_EXPIRED' }, 400) });
    renderApp('/verify?token=abcdefghijklmnop');
    expect(await screen.findByText('This verification link has expired. Sign in to get a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  });

  it('explains a link without a token', async () => {
    const api = fakeApi();
    renderApp('/verify');
    expect(await screen.findByText(/This verification link is incomplete/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify')).toEqual([]);
  });
});
