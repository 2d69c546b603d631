import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubSpotStatus } from '../../shared/contracts/hubspot';
import type { AiSettingsView } from '../../shared/contracts/ai';
import type { UserSettingsView } from '../../shared/contracts/settings';
import { connectedStatus, disconnectedStatus } from '../features/dashboard/dashboard-fixtures';
import { scanRun } from '../features/scans/scan-fixtures';
import { aiSettingsView, notificationDelivery, notificationHistory, settingsView } from '../features/settings/settings-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

/** A signed-in user's API; PUT /api/settings stores what it is sent, as the server does, and answers the new view. */
function settingsApi(state: { settings?: UserSettingsView; status?: HubSpotStatus; ai?: AiSettingsView } = {}, handlers: Record<string, Handler> = {}) {
  const current = { settings: settingsView(), ai: aiSettingsView(), status: connectedStatus({ mirror: [{ objectType: 'contacts', records: 1200, lastSyncCompletedAt: '2025-03-01T10:00:00.000Z' }] }), ...state };
  const api = fakeApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/settings': () => json(current.settings),
    'GET /api/settings/ai': () => json(current.ai),
    'GET /api/hubspot/status': () => json(current.status),
    'GET /api/settings/last-scan': () => json({ lastScan: scanRun({ status: 'completed', finishedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(), results: [{ scanId: 1, objectType: 'contacts', totalRecords: 1200, duplicateRecords: 4, healthScore: 80 }] }) }),
    'PUT /api/settings': ({ body }) => {
      const { slackBotToken, ...plain } = body as Record<string, unknown>;
      current.settings = {
        ...current.settings,
        ...(plain as Partial<UserSettingsView>),
        ...(slackBotToken !== undefined ? { hasSlackBotToken: slackBotToken !== null } : {}),
        updatedAt: '2025-03-02T09:30:00.000Z',
      };
      return json(current.settings);
    },
    ...handlers,
  });
  return { ...api, current };
}

// The whole app renders here (route guard, shell, lazy page): on a busy 2-core machine the
// first render can outlast the default waits.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await import('./settings-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

const section = (name: string) => screen.getByRole('region', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('/settings', () => {
  it('lists the groups, and starts on the defaults with nothing to save', async () => {
    settingsApi();
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Settings' });
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#hubspot', '#scanning', '#duplicates', '#cleanup', '#email', '#slack', '#notification-history', '#ai', '#billing']);
    expect(screen.getByText('You are using the default settings.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('opens at the section a link names, once the settings have loaded', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    settingsApi();
    renderApp('/settings#slack');
    await screen.findByRole('region', { name: 'Slack' });
    await waitFor(() => expect(scrolled).toContain('slack'));
  });

  it('shows scanning and duplicate detection with their defaults', async () => {
    settingsApi();
    renderApp('/settings');
    const scanning = await screen.findByRole('region', { name: 'Objects and scanning' });
    for (const type of ['Contacts', 'Companies', 'Deals', 'Tickets']) expect(within(scanning).getByRole('checkbox', { name: type })).toBeChecked();
    expect(within(scanning).getByRole('radio', { name: /Weekly/ })).toBeChecked();
    expect(within(scanning).getByLabelText('Max records per object type (thousands)')).toHaveValue(100);
    expect(within(scanning).getByLabelText('Deals sampling rate')).toHaveValue(100);
    expect(within(scanning).getByText(/Next scheduled scan:/)).toBeInTheDocument();
    expect(await within(scanning).findByText('1,200 records scanned')).toBeInTheDocument();

    const detection = section('Duplicate detection');
    expect(within(detection).getByRole('radio', { name: /Medium/ })).toBeChecked();
    expect(within(detection).getByRole('slider', { name: 'Fuzzy matching threshold' })).toHaveValue('80');
    for (const name of ['Fuzzy matching', 'Phonetic matching', 'Normalize email addresses', 'Normalize phone numbers', 'Normalize company names']) {
      expect(within(detection).getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
    }
  });

  it('shows notifications and AI with their defaults, and secrets only as set or not set', async () => {
    settingsApi({ settings: settingsView({ hasSlackBotToken: true }) });
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    expect(within(email).getByRole('switch', { name: 'Health score changed' })).toHaveAttribute('aria-checked', 'false');
    expect(within(email).getByRole('combobox', { name: 'How often' })).toHaveValue('instantly');
    expect(await within(email).findByText('Leave blank to use your account address, ada@example.com.')).toBeInTheDocument();

    const slack = section('Slack');
    expect(within(slack).getByText('Chat notifications are part of the Professional plan.', { exact: false })).toBeInTheDocument();
    expect(within(slack).getByRole('switch', { name: 'Weekly report' })).toHaveAttribute('aria-checked', 'false');
    // The stored token is never in the page: only that it is set.
    expect(within(slack).getByLabelText('Slack bot token')).toHaveAccessibleDescription(/^Set\. /);
    expect(within(slack).getByLabelText('Slack bot token')).toHaveValue('Stored, hidden');

    const ai = section('AI');
    expect(await within(ai).findByLabelText('Preferred model')).toHaveValue('gpt-4o');
    expect(within(ai).getByLabelText('OpenAI API key')).toHaveAccessibleDescription(/^No key yet\. /);
    expect(within(ai).getByLabelText('OpenAI API key')).toHaveValue('');
    expect(within(ai).getByRole('switch', { name: 'Remember my key' })).toHaveAttribute('aria-checked', 'false');
    expect(within(ai).getByRole('switch', { name: 'AI assistance' })).toHaveAttribute('aria-checked', 'false');
  });

  it('saves only what changed, toasts, and shows the saved values', async () => {
    const api = settingsApi();
    renderApp('/settings');
    const scanning = await screen.findByRole('region', { name: 'Objects and scanning' });
    fireEvent.click(within(scanning).getByRole('checkbox', { name: 'Tickets' }));
    fireEvent.click(within(scanning).getByRole('radio', { name: /Monthly/ }));
    fireEvent.change(within(scanning).getByLabelText('Companies sampling rate'), { target: { value: '25' } });
    fireEvent.click(within(section('Duplicate detection')).getByRole('radio', { name: /High/ }));
    fireEvent.click(within(section('Email notifications')).getByRole('switch', { name: 'Health score changed' }));
    fireEvent.change(within(section('Email notifications')).getByLabelText('Send to'), { target: { value: '  ops@example.com ' } });
    expect(screen.getByText('6 unsaved changes')).toBeInTheDocument();

    save();
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/settings')).toHaveLength(1);
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({
      objectsToAnalyze: ['contacts', 'companies', 'deals'],
      analysisFrequency: 'monthly',
      companiesSamplingRate: 25,
      duplicateDetectionSensitivity: 'high',
      notifyOnHealthScoreChanges: true,
      notificationEmail: 'ops@example.com',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled());
    expect(screen.getByText(/All changes saved\. Last saved/)).toBeInTheDocument();
    expect(within(section('Objects and scanning')).getByRole('checkbox', { name: 'Tickets' })).not.toBeChecked();
    expect(within(section('Objects and scanning')).getByLabelText('Companies sampling rate')).toHaveValue(25);
  });

  it('Discard puts the saved values back', async () => {
    settingsApi();
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    fireEvent.change(within(email).getByLabelText('Send to'), { target: { value: 'ops@example.com' } });
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('form', { name: 'Settings' })).getByRole('button', { name: 'Discard' }));
    expect(within(email).getByLabelText('Send to')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it("checks the values with the contract's messages before sending, on the fields they concern", async () => {
    const api = settingsApi();
    renderApp('/settings');
    const scanning = await screen.findByRole('region', { name: 'Objects and scanning' });
    for (const type of ['Contacts', 'Companies', 'Deals', 'Tickets']) fireEvent.click(within(scanning).getByRole('checkbox', { name: type }));
    fireEvent.change(within(scanning).getByLabelText('Contacts sampling rate'), { target: { value: '0' } });
    fireEvent.change(within(scanning).getByLabelText('Max records per object type (thousands)'), { target: { value: '' } });
    fireEvent.change(within(section('Email notifications')).getByLabelText('Send to'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(section('Slack')).getByLabelText('Channel'), { target: { value: 'CRM Alerts!' } });
    save();

    expect(await screen.findByText('5 settings need attention before saving.')).toBeInTheDocument();
    expect(within(scanning).getByRole('group', { name: 'Object types to analyze' })).toHaveAccessibleDescription(/Choose at least one object type to analyze/);
    expect(within(scanning).getByLabelText('Contacts sampling rate')).toHaveAccessibleDescription('Contacts sampling rate must be a whole number from 1 to 100 (percent)');
    expect(within(scanning).getByLabelText('Max records per object type (thousands)')).toHaveAccessibleDescription(/Max records limit must be a whole number from 1 to 1000 \(thousands of records\)/);
    expect(within(section('Email notifications')).getByLabelText('Send to')).toHaveAccessibleDescription(/Please enter a valid email address/);
    expect(within(section('Slack')).getByLabelText('Channel')).toHaveAccessibleDescription(/A Slack channel is a name such as #crm-alerts/);
    expect(api.callsTo('PUT', '/api/settings')).toHaveLength(0);
    // The first field in error gets the focus.
    expect(within(scanning).getByRole('checkbox', { name: 'Contacts' })).toHaveFocus();

    // Fixing a field takes its message away.
    fireEvent.change(within(scanning).getByLabelText('Contacts sampling rate'), { target: { value: '50' } });
    expect(within(scanning).getByLabelText('Contacts sampling rate')).not.toHaveAccessibleDescription(/must be/);
  });

  it("puts the server's 400 messages on the fields they name", async () => {
    settingsApi(
      {},
      {
        'PUT /api/settings': () =>
          json(
            {
              message: 'Invalid body: slackBotToken: Slack bot token is empty; send null to remove it; slackChannel: A Slack channel is a name such as #crm-alerts',
              code: 'VALIDATION_ERROR',
            },
            400,
          ),
      },
    );
    renderApp('/settings');
    const slack = await screen.findByRole('region', { name: 'Slack' });
    fireEvent.change(within(slack).getByLabelText('Channel'), { target: { value: '#crm' } });
    fireEvent.change(within(section('Slack')).getByLabelText('Slack bot token'), { target: { value: 'xoxb-123-abc' } });
    save();
    await waitFor(() => expect(within(slack).getByLabelText('Channel')).toHaveAccessibleDescription(/A Slack channel is a name such as #crm-alerts/));
    expect(within(section('Slack')).getByLabelText('Slack bot token')).toHaveAccessibleDescription(/Slack bot token is empty; send null to remove it/);
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  });

  it('says next to Daily that it needs the Professional plan, and shows the server refusing it', async () => {
    settingsApi({ settings: settingsView({ schedule: { nextScanAt: null, dailyAllowed: false } }) });
    renderApp('/settings');
    const scanning = await screen.findByRole('region', { name: 'Objects and scanning' });
    const daily = within(scanning).getByRole('radio', { name: /Daily/ });
    expect(daily).toBeDisabled();
    expect(daily).toHaveAccessibleDescription(/Daily scans are part of the Professional plan\. Upgrade to Professional/);
    expect(within(scanning).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute('href', '/subscribe?plan=professional#plans');
  });

  it('shows a plan refusal from the server on the schedule', async () => {
    const refusal = 'Daily scans are part of the Professional plan. Upgrade to Professional to scan every day, or choose weekly or monthly scans.';
    settingsApi({}, { 'PUT /api/settings': () => json({ message: refusal, code: 'PLAN_REQUIRED' }, 403) });
    renderApp('/settings');
    const scanning = await screen.findByRole('region', { name: 'Objects and scanning' });
    const daily = within(scanning).getByRole('radio', { name: /Daily/ });
    expect(daily).toHaveAccessibleDescription(/Part of the Professional plan, which you have now\./);
    fireEvent.click(daily);
    save();
    await waitFor(() => expect(within(scanning).getByRole('group', { name: 'Scan schedule' })).toHaveAccessibleDescription(new RegExp(refusal.slice(0, 40))));
  });

  it('sends a new secret once, removes a stored one with null, and shows the result as set or not set', async () => {
    const api = settingsApi();
    renderApp('/settings');
    const slack = await screen.findByRole('region', { name: 'Slack' });
    fireEvent.change(within(slack).getByLabelText('Slack bot token'), { target: { value: 'xoxb-1111-secret' } });
    save();

    await screen.findByText('Settings saved');
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ slackBotToken: 'xoxb-1111-secret' });
    await waitFor(() => expect(within(section('Slack')).getByLabelText('Slack bot token')).toHaveAccessibleDescription(/^Set\. /));
    expect(within(section('Slack')).getByLabelText('Slack bot token')).toHaveValue('Stored, hidden');
    expect(document.body.textContent).not.toContain('xoxb-1111-secret');

    fireEvent.click(within(section('Slack')).getByRole('button', { name: 'Remove' }));
    expect(within(section('Slack')).getByText('It will be removed when you save.')).toBeInTheDocument();
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/settings')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/settings')[1]!.body).toEqual({ slackBotToken: null });
    await waitFor(() => expect(within(section('Slack')).getByLabelText('Slack bot token')).toHaveAccessibleDescription(/^Not set\. /));
  });

  it('states the risk of automatic cleanup beside its switch, and saves its settings as the API takes them', async () => {
    const api = settingsApi();
    renderApp('/settings');
    const cleanup = await screen.findByRole('region', { name: 'Automatic cleanup' });
    expect(within(cleanup).getByRole('note')).toHaveTextContent('HubSpot cannot undo a merge.');
    expect(within(cleanup).getByRole('note')).toHaveTextContent('DataCleaner keeps a backup of every merged record and can recreate it from that backup');
    const toggle = within(cleanup).getByRole('switch', { name: 'Automatic cleanup' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(within(cleanup).getByRole('slider', { name: 'Lowest confidence to merge' })).toHaveValue('95');

    fireEvent.click(toggle);
    fireEvent.change(within(cleanup).getByRole('slider', { name: 'Lowest confidence to merge' }), { target: { value: '90' } });
    fireEvent.change(within(cleanup).getByLabelText('Most merges per scan'), { target: { value: '10' } });
    save();
    await screen.findByText('Settings saved');
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ automaticCleanupEnabled: true, automaticCleanupMinConfidence: 0.9, automaticCleanupMaxMerges: 10 });
  });

  it('keeps automatic cleanup off without the Professional plan, and shows a plan refusal on its switch', async () => {
    settingsApi({ settings: settingsView({ automaticCleanupAllowed: false }) });
    const first = renderApp('/settings');
    const cleanup = await screen.findByRole('region', { name: 'Automatic cleanup' });
    const toggle = within(cleanup).getByRole('switch', { name: 'Automatic cleanup' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Automatic cleanup is part of the Professional plan\. Upgrade to Professional/);
    first.unmount();

    const refusal = 'Automatic duplicate cleanup is part of the Professional plan. Upgrade to Professional to have duplicates merged after each scheduled scan.';
    settingsApi({}, { 'PUT /api/settings': () => json({ message: refusal, code: 'PLAN_REQUIRED' }, 403) });
    renderApp('/settings');
    const again = await screen.findByRole('region', { name: 'Automatic cleanup' });
    fireEvent.click(within(again).getByRole('switch', { name: 'Automatic cleanup' }));
    save();
    await waitFor(() => expect(within(again).getByRole('switch', { name: 'Automatic cleanup' })).toHaveAccessibleDescription(new RegExp(refusal.slice(0, 50))));
    expect(within(section('Objects and scanning')).getByRole('group', { name: 'Scan schedule' })).not.toHaveAccessibleDescription(/Professional plan\. Upgrade/);
  });

  it('asks before leaving with unsaved changes', async () => {
    settingsApi();
    const { router } = renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    fireEvent.click(within(email).getByRole('switch', { name: 'Health score changed' }));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'App' })).getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have 1 unsaved change in Settings.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(currentUrl(router)).toBe('/settings');
    expect(within(email).getByRole('switch', { name: 'Health score changed' })).toHaveAttribute('aria-checked', 'true');
  });

  it('asks before leaving with unsaved AI settings too (their own form, the page\'s one guard)', async () => {
    aiApi();
    const { router } = renderApp('/settings');
    const ai = await aiSection();
    fireEvent.click(await within(ai).findByRole('switch', { name: 'AI assistance' }));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'App' })).getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have unsaved AI settings in Settings.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(currentUrl(router)).toBe('/settings');
  });
});

const KEY = 'sk-session0123456789abcdefghij';
const aiSection = () => screen.findByRole('region', { name: 'AI' });
const saveAi = (ai: HTMLElement) => fireEvent.click(within(ai).getByRole('button', { name: 'Save AI settings' }));

/** Settings > AI on its own routes: PUT answers the view the server would, the key never in it. */
function aiApi(ai: AiSettingsView = aiSettingsView(), handlers: Record<string, Handler> = {}) {
  const api = settingsApi({ ai }, {
    'PUT /api/settings/ai': ({ body }) => {
      const changes = body as Record<string, unknown>;
      const remember = (changes.rememberOpenaiKey as boolean | undefined) ?? api.current.ai.remembered;
      const key = changes.openaiApiKey;
      const hasKey = key === null ? false : typeof key === 'string' ? true : api.current.ai.hasKey;
      api.current.ai = {
        ...api.current.ai,
        ...(changes.aiAssistEnabled !== undefined ? { enabled: changes.aiAssistEnabled as boolean } : {}),
        ...(changes.preferredModel !== undefined ? { preferredModel: changes.preferredModel as string } : {}),
        ...(changes.baseUrl !== undefined ? { baseUrl: changes.baseUrl as string | null } : {}),
        remembered: remember,
        hasKey,
        keySource: hasKey ? (remember ? 'saved' : 'session') : 'none',
      };
      return json(api.current.ai);
    },
    'DELETE /api/settings/ai/key': () => {
      api.current.ai = { ...api.current.ai, hasKey: false, keySource: 'none' };
      return json(api.current.ai);
    },
    ...handlers,
  });
  return api;
}

describe('/settings AI', () => {
  it('sends a key with "Remember my key" off to /api/settings/ai, and then says it is for this session only', async () => {
    const api = aiApi(aiSettingsView(), { 'GET /api/settings/ai/models': () => json({ models: [{ id: 'gpt-4o', ownedBy: 'openai' }], preferredModel: 'gpt-4o' }) });
    renderApp('/settings');
    const ai = await aiSection();
    const keyInput = await within(ai).findByLabelText('OpenAI API key');
    expect(keyInput).toHaveAttribute('type', 'password');
    fireEvent.change(keyInput, { target: { value: KEY } });
    expect(within(ai).getByText('1 unsaved AI change')).toBeInTheDocument();
    saveAi(ai);

    expect(await within(ai).findByText('AI settings saved. Your key is held for this session only.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/settings/ai')[0]!.body).toEqual({ openaiApiKey: KEY, rememberOpenaiKey: false });
    expect(api.callsTo('PUT', '/api/settings')).toHaveLength(0);
    expect(within(ai).getByLabelText('OpenAI API key')).toHaveAccessibleDescription(/^For this session only: it is forgotten when you sign out\./);
    expect(within(ai).getByLabelText('OpenAI API key')).toHaveValue('');
    expect(document.body.textContent).not.toContain(KEY);
    // The general form has nothing to save.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('fills the model select from the models the key can use, and saves the one chosen', async () => {
    const api = aiApi(aiSettingsView({ hasKey: true, remembered: true, keySource: 'saved' }), {
      'GET /api/settings/ai/models': () =>
        json({ models: [{ id: 'gpt-4o', ownedBy: 'openai' }, { id: 'gpt-4.1-mini', ownedBy: 'openai' }, { id: 'gpt-4o-mini', ownedBy: 'system' }], preferredModel: 'gpt-4o' }),
    });
    renderApp('/settings');
    const ai = await aiSection();
    expect(await within(ai).findByLabelText('OpenAI API key')).toHaveAccessibleDescription(/^Saved \(encrypted\)\./);
    await waitFor(() => expect(within(ai).getByRole('combobox', { name: 'Preferred model' })).toBeEnabled());
    const select = within(ai).getByRole('combobox', { name: 'Preferred model' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['gpt-4o', 'gpt-4.1-mini', 'gpt-4o-mini']);
    expect(select).toHaveValue('gpt-4o');
    fireEvent.change(select, { target: { value: 'gpt-4o-mini' } });
    saveAi(ai);
    await within(ai).findByText('AI settings saved.');
    expect(api.callsTo('PUT', '/api/settings/ai')[0]!.body).toEqual({ preferredModel: 'gpt-4o-mini' });
    expect(within(ai).getByRole('combobox', { name: 'Preferred model' })).toHaveValue('gpt-4o-mini');
  });

  it('says why the models cannot be listed, and lets the model be typed instead', async () => {
    aiApi(aiSettingsView({ hasKey: true, keySource: 'session' }), {
      'GET /api/settings/ai/models': () => json({ message: 'OpenAI refused your API key: it is invalid or was revoked. Check it at platform.openai.com.', code: 'AI_INVALID_KEY' }, 401),
    });
    renderApp('/settings');
    const ai = await aiSection();
    expect(await within(ai).findByText(/OpenAI refused your API key: it is invalid or was revoked\./)).toBeInTheDocument();
    const input = within(ai).getByRole('textbox', { name: 'Preferred model' });
    expect(input).toHaveValue('gpt-4o');
    expect(input).toHaveAccessibleDescription(/Type a model name instead/);
  });

  it("checks the key and model, and shows the server's words when it fails", async () => {
    let answer = json({ message: 'OpenAI refused your API key: it is invalid or was revoked. Check it at platform.openai.com.', code: 'AI_INVALID_KEY' }, 401);
    const api = aiApi(aiSettingsView({ hasKey: true, remembered: true, keySource: 'saved' }), {
      'GET /api/settings/ai/models': () => json({ models: [{ id: 'gpt-4o', ownedBy: 'openai' }], preferredModel: 'gpt-4o' }),
      'POST /api/settings/ai/test': () => answer,
    });
    renderApp('/settings');
    const ai = await aiSection();
    fireEvent.click(await within(ai).findByRole('button', { name: 'Check key and model' }));
    expect(await within(ai).findByRole('alert')).toHaveTextContent('OpenAI refused your API key: it is invalid or was revoked. Check it at platform.openai.com.');
    expect(api.callsTo('POST', '/api/settings/ai/test')[0]!.body).toEqual({ model: 'gpt-4o' });

    answer = json({ ok: true, model: 'gpt-4o', reply: 'OK', message: 'Your key works with gpt-4o.' });
    fireEvent.click(within(ai).getByRole('button', { name: 'Check key and model' }));
    expect(await within(ai).findByText('Your key works with gpt-4o. The model answered: “OK”')).toBeInTheDocument();
  });

  it('saves the server address, and an empty one as null (the default)', async () => {
    const api = aiApi();
    renderApp('/settings');
    const ai = await aiSection();
    const address = await within(ai).findByLabelText('Server address');
    expect(address).toHaveAccessibleDescription(/^Leave empty to use https:\/\/api\.openai\.com\/v1\./);
    fireEvent.change(address, { target: { value: ' http://localhost:11434/v1 ' } });
    saveAi(ai);
    await within(ai).findByText('AI settings saved.');
    expect(api.callsTo('PUT', '/api/settings/ai')[0]!.body).toEqual({ baseUrl: 'http://localhost:11434/v1' });
    expect(within(ai).getByLabelText('Server address')).toHaveValue('http://localhost:11434/v1');

    fireEvent.change(within(ai).getByLabelText('Server address'), { target: { value: '' } });
    saveAi(ai);
    await waitFor(() => expect(api.callsTo('PUT', '/api/settings/ai')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/settings/ai')[1]!.body).toEqual({ baseUrl: null });
  });

  it('checks the server address before sending it', async () => {
    const api = aiApi();
    renderApp('/settings');
    const ai = await aiSection();
    fireEvent.change(await within(ai).findByLabelText('Server address'), { target: { value: 'localhost:11434' } });
    saveAi(ai);
    await waitFor(() => expect(within(ai).getByLabelText('Server address')).toHaveAccessibleDescription(/The base URL must be an http\(s\) address/));
    expect(api.callsTo('PUT', '/api/settings/ai')).toHaveLength(0);
  });

  it('Forget key asks the server to forget it (DELETE)', async () => {
    const api = aiApi(aiSettingsView({ hasKey: true, keySource: 'session' }), { 'GET /api/settings/ai/models': () => json({ models: [{ id: 'gpt-4o', ownedBy: 'openai' }], preferredModel: 'gpt-4o' }) });
    renderApp('/settings');
    const ai = await aiSection();
    fireEvent.click(await within(ai).findByRole('button', { name: 'Forget key' }));
    expect(await within(ai).findByText('Your key is forgotten.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/settings/ai/key')).toHaveLength(1);
    expect(within(ai).getByLabelText('OpenAI API key')).toHaveAccessibleDescription(/^No key yet\./);
    expect(within(ai).queryByRole('button', { name: 'Forget key' })).not.toBeInTheDocument();
  });

  it('keeps AI out of the general Save, and each form saves only its own', async () => {
    const api = aiApi();
    renderApp('/settings');
    const ai = await aiSection();
    fireEvent.click(await within(ai).findByRole('switch', { name: 'AI assistance' }));
    fireEvent.click(within(section('Email notifications')).getByRole('switch', { name: 'Health score changed' }));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    save();
    await screen.findByText('Settings saved');
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ notifyOnHealthScoreChanges: true });
    expect(api.callsTo('PUT', '/api/settings/ai')).toHaveLength(0);
    // The AI edit is still there, waiting for its own save.
    expect(within(ai).getByText('1 unsaved AI change')).toBeInTheDocument();
    saveAi(ai);
    await within(ai).findByText('AI settings saved.');
    expect(api.callsTo('PUT', '/api/settings/ai')[0]!.body).toEqual({ aiAssistEnabled: true });
    expect(api.callsTo('PUT', '/api/settings')).toHaveLength(1);
  });
});

describe('/settings HubSpot connection', () => {
  it('shows the connected portal, and Disconnect asks first, then disconnects', async () => {
    const api = settingsApi({}, {
      'POST /api/hubspot/disconnect': () => {
        api.current.status = disconnectedStatus;
        return json({ message: 'HubSpot is disconnected. Your scan history stays.' });
      },
    });
    renderApp('/settings');
    const hubspot = await screen.findByRole('region', { name: 'HubSpot connection' });
    expect(await within(hubspot).findByText('acme.hubspot.com')).toBeInTheDocument();
    expect(within(hubspot).getByText('Hub ID:').nextSibling).toHaveTextContent('4242');
    expect(within(hubspot).getByText('Private app token')).toBeInTheDocument();
    expect(within(hubspot).getByText('1,200')).toBeInTheDocument();

    fireEvent.click(within(hubspot).getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect HubSpot?' });
    expect(dialog).toHaveTextContent('Your scan history and duplicate groups stay');
    expect(api.callsTo('POST', '/api/hubspot/disconnect')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('HubSpot disconnected')).toBeInTheDocument();
    expect(screen.getByText('HubSpot is disconnected. Your scan history stays.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/hubspot/disconnect')).toHaveLength(1);
    expect(await within(hubspot).findByRole('link', { name: 'Connect with HubSpot' })).toHaveAttribute('href', '/api/hubspot/connect?redirect=%2Fsettings');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('connects with a private app token, checking it first and showing what HubSpot said', async () => {
    let accept = false;
    const api = settingsApi(
      { status: disconnectedStatus },
      {
        'POST /api/hubspot/connect-token': () => {
          if (!accept) return json({ message: 'HubSpot did not accept this access token. Copy it again from your private app.', code: 'HUBSPOT_TOKEN_REJECTED' }, 400);
          api.current.status = connectedStatus();
          return json({ connected: true, hubId: '4242', hubDomain: 'acme.hubspot.com', authType: 'private_app' });
        },
      },
    );
    renderApp('/settings');
    const hubspot = await screen.findByRole('region', { name: 'HubSpot connection' });
    const token = await within(hubspot).findByLabelText('Private app access token');
    fireEvent.change(token, { target: { value: 'short' } });
    fireEvent.click(within(hubspot).getByRole('button', { name: 'Connect' }));
    expect(token).toHaveAccessibleDescription(/Paste the access token of your HubSpot private app$/);
    expect(api.callsTo('POST', '/api/hubspot/connect-token')).toHaveLength(0);

    fireEvent.change(token, { target: { value: 'pat-na1-0123456789abcdef' } });
    fireEvent.click(within(hubspot).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(token).toHaveAccessibleDescription(/HubSpot did not accept this access token\. Copy it again from your private app\.$/));

    accept = true;
    fireEvent.click(within(hubspot).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected to acme.hubspot.com.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/hubspot/connect-token').at(-1)!.body).toEqual({ accessToken: 'pat-na1-0123456789abcdef' });
    expect(await within(hubspot).findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('says when HubSpot stopped accepting the connection, and offers to connect again', async () => {
    settingsApi({ status: { ...disconnectedStatus, problem: 'HubSpot no longer accepts this connection. Connect HubSpot again.' } });
    renderApp('/settings');
    const hubspot = await screen.findByRole('region', { name: 'HubSpot connection' });
    expect(await within(hubspot).findByText('HubSpot no longer accepts this connection. Connect HubSpot again.')).toBeInTheDocument();
    expect(within(hubspot).getByRole('link', { name: 'Reconnect with HubSpot' })).toBeInTheDocument();
  });

  it('announces how the HubSpot sign-in ended and tidies the address', async () => {
    settingsApi();
    const { router } = renderApp('/settings?hubspot=denied');
    expect(await screen.findByText('The access request was declined in HubSpot. Try again, or use a private app token.')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
  });
});

/** The browser's time zone as Intl reports it, for one test. */
function stubBrowserTimeZone(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone: zone };
  });
}

const exactTime = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('/settings, notifications', () => {
  it('sends a test email to the address typed in Send to, and says where it went or why it did not', async () => {
    const answers = [
      json({ ok: true, channel: 'email', target: 'ops@example.com', message: 'Test email sent. Check the inbox of ops@example.com.', code: null }),
      json({ ok: false, channel: 'email', target: 'ada@example.com', message: 'The mail server refused ada@example.com: 550 mailbox unavailable.', code: 'smtp_refused' }),
    ];
    const api = settingsApi({}, { 'POST /api/settings/notifications/test-email': () => answers.shift()! });
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    fireEvent.change(within(email).getByLabelText('Send to'), { target: { value: ' ops@example.com ' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Send a test email' }));
    expect(await within(email).findByRole('status')).toHaveTextContent('Test email sent. Check the inbox of ops@example.com.');
    expect(api.callsTo('POST', '/api/settings/notifications/test-email')[0]!.body).toEqual({ to: 'ops@example.com' });

    // Not an address yet: the server uses the saved one.
    fireEvent.change(within(email).getByLabelText('Send to'), { target: { value: 'ops@' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Send a test email' }));
    expect(await within(email).findByRole('alert')).toHaveTextContent('The mail server refused ada@example.com: 550 mailbox unavailable.');
    expect(api.callsTo('POST', '/api/settings/notifications/test-email')[1]!.body).toEqual({});
  });

  it("shows the server's refusal of a test in its words", async () => {
    settingsApi({}, { 'POST /api/settings/notifications/test-slack': () => json({ message: 'Slack notifications are part of the Professional plan.', code: 'PLAN_REQUIRED' }, 403) });
    renderApp('/settings');
    const slack = await screen.findByRole('region', { name: 'Slack' });
    fireEvent.click(within(slack).getByRole('button', { name: 'Send a test message' }));
    expect(await within(slack).findByRole('alert')).toHaveTextContent('Slack notifications are part of the Professional plan.');
  });

  it('offers the weekly health report and saves its switch', async () => {
    const api = settingsApi();
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    const report = within(email).getByRole('switch', { name: 'Weekly health report' });
    expect(report).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(report);
    save();
    await screen.findByText('Settings saved');
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ emailWeeklyReport: false });
  });

  it('disables the weekly report without a paid plan, and says so with a link to the plans', async () => {
    settingsApi({ settings: settingsView({ weeklyReportAllowed: false, emailWeeklyReport: false }) });
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    expect(within(email).getByRole('switch', { name: 'Weekly health report' })).toBeDisabled();
    expect(within(email).getByRole('switch', { name: 'Weekly health report' })).toHaveAccessibleDescription(/Weekly health reports are part of every paid plan/);
    expect(within(email).getByRole('link', { name: 'Upgrade to Starter' })).toHaveAttribute('href', '/subscribe?plan=starter#plans');
  });

  it('says when this server has no mail server, and names each digest for what it sends', async () => {
    settingsApi({ settings: settingsView({ emailDeliveryConfigured: false, timeZone: 'America/New_York' }) });
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    expect(within(email).getByRole('note')).toHaveTextContent('This server has no mail server configured, so emails are not delivered: they go to the development outbox instead.');
    const often = within(email).getByRole('combobox', { name: 'How often' });
    expect(within(often).getAllByRole('option').map((o) => o.textContent)).toEqual(['Instantly, one email per scan', 'Daily digest, one email a day', 'Weekly digest, one email a week']);
    expect(often).toHaveAccessibleDescription(/sent at 8:00 in your time zone/);
    expect(within(email).getByText('Times in', { exact: false })).toHaveTextContent('Times in America/New York.');
  });

  it("saves the browser's time zone with the first save, and offers it when another is stored", async () => {
    stubBrowserTimeZone('America/Chicago');
    const api = settingsApi();
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    expect(within(email).getByText('Times in', { exact: false })).toHaveTextContent('Times in UTC.');
    fireEvent.click(within(email).getByRole('switch', { name: 'Health score changed' }));
    save();
    await screen.findByText('Settings saved');
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ notifyOnHealthScoreChanges: true, timeZone: 'America/Chicago' });
    await waitFor(() => expect(within(section('Email notifications')).getByText('Times in', { exact: false })).toHaveTextContent('Times in America/Chicago.'));
    expect(within(section('Email notifications')).queryByRole('button', { name: /Use my time zone/ })).not.toBeInTheDocument();

  });

  it('changes a stored time zone only when asked', async () => {
    stubBrowserTimeZone('America/Chicago');
    const api = settingsApi({ settings: settingsView({ timeZone: 'Asia/Tokyo' }) });
    renderApp('/settings');
    const email = await screen.findByRole('region', { name: 'Email notifications' });
    fireEvent.click(within(email).getByRole('switch', { name: 'Health score changed' }));
    save();
    await screen.findByText('Settings saved');
    expect(api.callsTo('PUT', '/api/settings')[0]!.body).toEqual({ notifyOnHealthScoreChanges: true });
    fireEvent.click(within(section('Email notifications')).getByRole('button', { name: 'Use my time zone (America/Chicago)' }));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/settings')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/settings')[1]!.body).toEqual({ timeZone: 'America/Chicago' });
  });

  it('keeps Slack off below Professional with a note and a link to the plans, and shows a plan refusal on its switch', async () => {
    settingsApi({ settings: settingsView({ slackAllowed: false, slackInstallAvailable: true }) });
    const view = renderApp('/settings');
    const slack = await screen.findByRole('region', { name: 'Slack' });
    const toggle = within(slack).getByRole('switch', { name: 'Slack notifications' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Slack notifications are part of the Professional plan/);
    expect(within(slack).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute('href', '/subscribe?plan=professional#plans');
    expect(within(slack).getByRole('button', { name: 'Add to Slack' })).toBeDisabled();
    view.unmount();

    settingsApi({}, { 'PUT /api/settings': () => json({ message: 'Slack notifications are part of the Professional plan. Upgrade to Professional to get scan results in Slack, or use email notifications.', code: 'PLAN_REQUIRED' }, 403) });
    renderApp('/settings');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Slack' })).getByRole('switch', { name: 'Slack notifications' }));
    save();
    await waitFor(() => expect(within(section('Slack')).getByRole('switch', { name: 'Slack notifications' })).toHaveAccessibleDescription(/Upgrade to Professional to get scan results in Slack/));
  });

  it('offers Add to Slack when the server can install the app, and names the scopes a pasted token needs', async () => {
    settingsApi({ settings: settingsView({ slackInstallAvailable: true }) });
    renderApp('/settings');
    const slack = await screen.findByRole('region', { name: 'Slack' });
    expect(within(slack).getByRole('link', { name: 'Add to Slack' })).toHaveAttribute('href', '/api/settings/slack/install');
    expect(within(slack).getByText('or paste a bot token')).toBeInTheDocument();
    expect(within(slack).getByLabelText('Slack bot token')).toHaveAccessibleDescription(/chat:write and channels:history/);
    expect(within(slack).getByLabelText('Channel')).toHaveAccessibleDescription(/\/invite/);
  });

  it('announces how Add to Slack ended and tidies the address', async () => {
    settingsApi();
    const first = renderApp('/settings?slack=connected');
    expect(await screen.findByText('Slack connected')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(first.router)).toBe('/settings'));
    first.unmount();

    settingsApi();
    const second = renderApp(`/settings?slack=error&reason=${encodeURIComponent('You cancelled the installation in Slack.')}`);
    expect(await screen.findByText('You cancelled the installation in Slack.')).toBeInTheDocument();
    expect(screen.getByText('Slack was not connected')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(second.router)).toBe('/settings'));
  });

  it('sends a test Slack message with the typed token and channel, and shows the fix when the bot is not in the channel', async () => {
    const api = settingsApi({}, {
      'POST /api/settings/notifications/test-slack': () =>
        json({ ok: false, channel: 'slack', target: '#sales', message: 'The bot is not in #sales. In Slack, open #sales and type /invite @DataCleaner, then try again.', code: 'not_in_channel' }),
    });
    renderApp('/settings');
    const slack = await screen.findByRole('region', { name: 'Slack' });
    fireEvent.change(within(slack).getByLabelText('Channel'), { target: { value: 'Sales Team' } });
    fireEvent.click(within(slack).getByRole('button', { name: 'Send a test message' }));
    // Checked here first with the contract's words: nothing is sent.
    expect(await within(slack).findByRole('alert')).toHaveTextContent(/A Slack channel is a name such as #crm-alerts/);
    expect(api.callsTo('POST', '/api/settings/notifications/test-slack')).toHaveLength(0);

    fireEvent.change(within(slack).getByLabelText('Slack bot token'), { target: { value: 'xoxb-1111-typed' } });
    fireEvent.change(within(slack).getByLabelText('Channel'), { target: { value: '#sales' } });
    fireEvent.click(within(slack).getByRole('button', { name: 'Send a test message' }));
    await waitFor(() => expect(within(slack).getByRole('alert')).toHaveTextContent('type /invite @DataCleaner'));
    expect(api.callsTo('POST', '/api/settings/notifications/test-slack')[0]!.body).toEqual({ botToken: 'xoxb-1111-typed', channel: '#sales' });
  });

  it('lists the notification history with channel, what, status and error words, a page at a time', async () => {
    const retryAt = '2025-03-10T08:05:00.000Z';
    const rows = [
      notificationDelivery({ id: 3, channel: 'slack', target: '#crm-alerts', status: 'retrying', nextAttemptAt: retryAt, error: 'Slack is rate limiting messages; trying again shortly.', events: ['health.changed'], subject: 'Contacts health fell 6 points' }),
      notificationDelivery({ id: 2, channel: 'slack', target: '#revops', status: 'failed', sentAt: null, error: 'The bot is not in #revops. Type /invite @DataCleaner there.' }),
      notificationDelivery({ id: 1, kind: 'weekly-report', events: [], subject: 'Your weekly CRM health report' }),
    ];
    const api = settingsApi({}, {
      'GET /api/settings/notifications/history': () => json(notificationHistory(rows, { total: 25 })),
    });
    renderApp('/settings');
    const history = await screen.findByRole('region', { name: 'Notification history' });
    const table = await within(history).findByRole('table');
    const [, ...body] = within(table).getAllByRole('row');
    expect(body).toHaveLength(3);
    const expected = [
      ['Slack', 'Health score changed', `Retrying at ${exactTime(retryAt)}`, 'Slack is rate limiting messages; trying again shortly.'],
      ['Failed', 'The bot is not in #revops. Type /invite @DataCleaner there.', '#revops'],
      ['Email', 'Weekly report', 'Sent', exactTime('2025-03-10T08:00:05.000Z')],
    ];
    expected.forEach((texts, i) => texts.forEach((text) => expect(body[i]).toHaveTextContent(text)));
    expect(within(history).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(api.callsTo('GET', '/api/settings/notifications/history')[0]!.url).toContain('page=1&pageSize=10');

    fireEvent.click(within(history).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/settings/notifications/history').at(-1)!.url).toContain('page=2'));
    await waitFor(() => expect(within(history).getByText('Page 2 of 3')).toBeInTheDocument());
    await waitFor(() => expect(within(history).getByRole('button', { name: 'Refresh' })).toBeEnabled());
    const calls = api.callsTo('GET', '/api/settings/notifications/history').length;
    fireEvent.click(within(history).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/settings/notifications/history')).toHaveLength(calls + 1));
  });

  it('says when there is nothing in the history yet, and reads it again after a test', async () => {
    const api = settingsApi({}, {
      'GET /api/settings/notifications/history': () => json(notificationHistory([])),
      'POST /api/settings/notifications/test-email': () => json({ ok: true, channel: 'email', target: 'ada@example.com', message: 'Test email sent.', code: null }),
    });
    renderApp('/settings');
    const history = await screen.findByRole('region', { name: 'Notification history' });
    expect(await within(history).findByText('No notifications yet: they appear here after your next scan.')).toBeInTheDocument();
    fireEvent.click(within(section('Email notifications')).getByRole('button', { name: 'Send a test email' }));
    expect(await within(section('Email notifications')).findByRole('status')).toHaveTextContent('Test email sent.To ada@example.com');
    await waitFor(() => expect(api.callsTo('GET', '/api/settings/notifications/history')).toHaveLength(2));
  });
});

describe('/demo/settings', () => {
  it("shows the demo's notification history and answers its test buttons through the demo API", async () => {
    const api = fakeApi({
      'GET /api/demo/settings': () => json(settingsView()),
      'GET /api/demo/settings/ai': () => json(aiSettingsView()),
      'GET /api/demo/hubspot/status': () => json(connectedStatus({ hubDomain: 'demo.hubspot.com' })),
      'GET /api/demo/settings/last-scan': () => json({ lastScan: null }),
      'GET /api/demo/settings/notifications/history': () => json(notificationHistory([notificationDelivery({ target: 'demo@example.com' })])),
      'POST /api/demo/settings/notifications/test-slack': () => json({ ok: true, channel: 'slack', target: '#crm-alerts', message: 'This is the demo, so nothing was sent.', code: null }),
    });
    window.history.pushState({}, '', '/demo/settings');
    try {
      renderApp('/demo/settings');
      const history = await screen.findByRole('region', { name: 'Notification history' });
      expect(await within(history).findByText('demo@example.com')).toBeInTheDocument();
      fireEvent.click(within(section('Slack')).getByRole('button', { name: 'Send a test message' }));
      expect(await within(section('Slack')).findByRole('status')).toHaveTextContent('This is the demo, so nothing was sent.To #crm-alerts');
      expect(api.callsTo('POST', '/api/demo/settings/notifications/test-slack')[0]!.body).toEqual({});
      expect(api.callsTo('GET', '/api/settings/notifications/history')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it("shows the demo's AI settings read-only, and the demo's refusal on save", async () => {
    const refusal = 'This is the demo, so nothing here can be changed. Start your free trial to clean up your own HubSpot portal.';
    const api = fakeApi({
      'GET /api/demo/settings': () => json(settingsView()),
      'GET /api/demo/settings/ai': () => json(aiSettingsView({ enabled: true, hasKey: true, keySource: 'server' })),
      'GET /api/demo/hubspot/status': () => json(connectedStatus({ hubDomain: 'demo.hubspot.com' })),
      'GET /api/demo/settings/last-scan': () => json({ lastScan: null }),
      'PUT /api/demo/settings/ai': () => json({ message: refusal, code: 'DEMO_READ_ONLY' }, 403),
    });
    window.history.pushState({}, '', '/demo/settings');
    try {
      renderApp('/demo/settings');
      const ai = await screen.findByRole('region', { name: 'AI' });
      expect(await within(ai).findByLabelText('OpenAI API key')).toBeDisabled();
      expect(within(ai).getByLabelText('OpenAI API key')).toHaveAccessibleDescription(/^The server's key is used/);
      expect(within(ai).getByRole('switch', { name: 'AI assistance' })).toBeDisabled();
      expect(within(ai).getByLabelText('Server address')).toBeDisabled();
      expect(within(ai).getByLabelText('Preferred model')).toBeDisabled();
      expect(within(ai).queryByRole('button', { name: 'Forget key' })).not.toBeInTheDocument();
      saveAi(ai);
      expect(await within(ai).findByRole('alert')).toHaveTextContent(refusal);
      expect(api.callsTo('PUT', '/api/demo/settings/ai')).toHaveLength(1);
      expect(api.callsTo('GET', '/api/settings/ai/models')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('reads and saves through the demo API, with the connection fixed', async () => {
    const api = fakeApi({
      'GET /api/demo/settings': () => json(settingsView()),
      'GET /api/demo/settings/ai': () => json(aiSettingsView()),
      'GET /api/demo/hubspot/status': () => json(connectedStatus({ hubDomain: 'demo.hubspot.com' })),
      'GET /api/demo/settings/last-scan': () => json({ lastScan: null }),
      'PUT /api/demo/settings': ({ body }) => json({ ...settingsView(), ...(body as object), updatedAt: '2025-03-02T09:30:00.000Z' }),
    });
    window.history.pushState({}, '', '/demo/settings');
    try {
      renderApp('/demo/settings');
      const hubspot = await screen.findByRole('region', { name: 'HubSpot connection' });
      expect(await within(hubspot).findByText('demo.hubspot.com')).toBeInTheDocument();
      expect(within(hubspot).getByRole('button', { name: 'Disconnect' })).toBeDisabled();
      expect(within(hubspot).getByText(/The demo uses a built-in sample portal/)).toBeInTheDocument();

      const detection = await screen.findByRole('region', { name: 'Duplicate detection' });
      fireEvent.change(within(detection).getByRole('slider', { name: 'Fuzzy matching threshold' }), { target: { value: '90' } });
      save();
      expect(await screen.findByText('This is the demo: your changes are shown but not stored.')).toBeInTheDocument();
      expect(api.callsTo('PUT', '/api/demo/settings')[0]!.body).toEqual({ fuzzyMatchingThreshold: 90 });
      expect(api.callsTo('PUT', '/api/settings')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
