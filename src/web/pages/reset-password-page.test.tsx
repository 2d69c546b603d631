import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { renderApp } from '../test/render-app';

describe('/reset-password', () => {
  it('asks for the email and shows what the server says', async () => {
    const answer = 'If an account exists for ada@example.com, we have emailed it a link to choose a new password. The link works for one hour.';
    const api = fakeApi({ 'POST /api/auth/password-reset': () => json({ message: answer }) });
    renderApp('/reset-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/password-reset')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('sets the new password with the emailed token', async () => {
    const api = fakeApi({ 'POST /api/auth/password-reset/confirm': () => json({ message: 'Your password has been changed. Sign in with your new password.' }) });
    renderApp('/reset-password?token=abcdefghijklmnop');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/password-reset/confirm')[0]?.body).toEqual({ token: 'abcdefghijklmnop', password: 'newpass1', confirmPassword: 'newpass1' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('explains a used or expired link', async () => {
    fakeApi({ 'POST /api/auth/password-reset/confirm': () => json({ message: 'This password reset link has expired or was already used. Please request a new one.', code: 'TOKEN_INVALID' }, 400) });
    renderApp('/reset-password?token=abcdefghijklmnop');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired or was already used.');
  });
});
