import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeUser } from '../../test/fake-api';
import { currentUrl, renderApp } from '../../test/render-app';
import { userQueryKey } from '../auth/api/current-user';
import { exportFilename } from './api/account-data';
import { confirmationFor, DELETE_MESSAGES } from './delete-account-dialog';

const DELETED = 'Your account and all its data have been deleted.';

describe('GDPR actions for anonymous visitors', () => {
  it('explain how to sign in instead of offering the buttons', async () => {
    const api = fakeApi();
    renderApp('/gdpr');
    expect(await screen.findByRole('heading', { name: 'Sign in to download or delete your data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user')).toHaveLength(1);
  });
});

describe('Download my data', () => {
  let saved: { href: string; download: string }[];
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:datacleaner-export');

  beforeEach(() => {
    saved = [];
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    // jsdom cannot download: record what the browser would have saved.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => createObjectURL.mockClear());

  it('fetches GET /api/account/export and saves it under the name the server gives', async () => {
    const body = { exportedAt: '2026-11-22T10:00:00.000Z', account: { email: 'ada@example.com' } };
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/account/export': () =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="datacleaner-export-2026-11-22.json"' } }),
    });
    renderApp('/gdpr');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:datacleaner-export', download: 'datacleaner-export-2026-11-22.json' }]));
    const call = api.callsTo('GET', '/api/account/export')[0]!;
    expect(call.init).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(JSON.parse(await createObjectURL.mock.calls[0]![0].text())).toEqual(body);
    expect(await screen.findByText('Data export ready')).toBeInTheDocument();
  });

  it('says so when the export fails', async () => {
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/account/export': () => json({ message: 'Sign in to continue.', code: 'UNAUTHENTICATED' }, 401),
    });
    renderApp('/gdpr');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Download failed');
    expect(alert).toHaveTextContent('Sign in to continue.');
    expect(saved).toEqual([]);
  });

  it('names the file itself when the server does not', () => {
    expect(exportFilename(null, new Date('2026-11-22T12:00:00Z'))).toBe('datacleaner-export-2026-11-22.json');
    expect(exportFilename('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
});

describe('Delete my account', () => {
  it('asks for the password, sends it with DELETE /api/account, then signs out and goes home', async () => {
    window.localStorage.setItem('userId', '7');
    window.localStorage.setItem('datacleaner.tour', '{"completed":["main"]}');
    window.localStorage.setItem('unrelated', 'kept');
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'DELETE /api/account': () => json({ message: DELETED }),
    });
    const { router, queryClient } = renderApp('/gdpr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(DELETE_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse-7');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(api.callsTo('DELETE', '/api/account')[0]?.body).toEqual({ password: 'correct-horse-7' });
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(screen.getByText(DELETED)).toBeInTheDocument();
    expect(queryClient.getQueryData(userQueryKey(false))).toBeNull();
    expect(window.localStorage.getItem('userId')).toBeNull();
    expect(window.localStorage.getItem('datacleaner.tour')).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
  });

  it("shows the server's answer to a wrong password on the field and stays put", async () => {
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'DELETE /api/account': () => json({ message: 'The password is not correct.', code: 'CONFIRMATION_FAILED' }, 400),
    });
    const { router } = renderApp('/gdpr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(currentUrl(router)).toBe('/gdpr');
  });

  it('asks an account without a password for its email address instead', async () => {
    const api = fakeApi({
      'GET /api/user': () => json(makeUser({ hasPassword: false, isGoogleAccount: true })),
      'DELETE /api/account': () => json({ message: DELETED }),
    });
    const { router } = renderApp('/gdpr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email address');

    await user.type(email, 'someone@else.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(DELETE_MESSAGES.emailMismatch)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')).toEqual([]);

    await user.clear(email);
    await user.type(email, 'ADA@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(api.callsTo('DELETE', '/api/account')[0]?.body).toEqual({ confirmEmail: 'ADA@example.com' });
  });

  it('closes on Cancel without deleting anything, and opens empty again', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()) });
    renderApp('/gdpr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Password'), 'half-typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows other failures inside the dialog', async () => {
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'DELETE /api/account': () => json({ message: 'Please try again in a minute.', code: 'RATE_LIMITED' }, 429),
    });
    renderApp('/gdpr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Password'), 'correct-horse-7');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('Please try again in a minute.');
  });
});

describe('confirmationFor', () => {
  it('builds the body the contract expects', () => {
    expect(confirmationFor({ email: 'ada@example.com', hasPassword: true }, ' secret ')).toEqual({ ok: true, body: { password: ' secret ' } });
    expect(confirmationFor({ email: 'ada@example.com', hasPassword: true }, '')).toEqual({ ok: false, error: DELETE_MESSAGES.passwordRequired });
    expect(confirmationFor({ email: 'ada@example.com', hasPassword: false }, '  ')).toEqual({ ok: false, error: DELETE_MESSAGES.emailRequired });
    expect(confirmationFor({ email: 'ada@example.com', hasPassword: false }, ' Ada@Example.com ')).toEqual({ ok: true, body: { confirmEmail: 'Ada@Example.com' } });
  });
});
