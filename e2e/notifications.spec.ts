import { expect, test } from '@playwright/test';
import type { ScanRun } from '../src/shared/contracts/scans';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { SANDBOX_TOKEN } from './support/sandbox';
import { SLACK_BOT_TOKEN, slackMessages } from './support/slack';
import { skipTour } from './support/tour';

test('Slack notifications: turned on in Settings, tested, then a scan posts to the channel and the history shows it', async ({ page }) => {
  const errors = watchConsole(page);
  await skipTour(page);
  await signUpThroughApi(page, 'slack');
  expect((await page.request.post('/api/hubspot/connect-token', { data: { accessToken: SANDBOX_TOKEN } })).ok()).toBe(true);
  const before = (await slackMessages('crm-alerts')).length;

  await page.goto('/settings#slack');
  const slack = page.getByRole('region', { name: 'Slack' });
  await slack.getByRole('switch', { name: 'Slack notifications' }).click();
  await slack.getByLabel('Slack bot token').fill(SLACK_BOT_TOKEN);
  await slack.getByLabel('Channel').fill('#crm-alerts');

  // The test goes out before saving, with what is typed, and says where it went.
  await slack.getByRole('button', { name: 'Send a test message' }).click();
  await expect(slack.getByText(/Sent a test message to #crm-alerts/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await slackMessages('crm-alerts')).length).toBe(before + 1);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  const started = await page.request.post('/api/scans', { data: { objectTypes: ['contacts'] } });
  expect(started.ok(), await started.text()).toBe(true);
  const run = (await started.json()) as ScanRun;
  const key = `slack:run:${run.id}`;
  await expect
    .poll(async () => (await slackMessages('crm-alerts')).filter((m) => m.metadata?.event_payload.key === key).length, { message: 'the scan notice in #crm-alerts', timeout: 90_000 })
    .toBe(1);
  const [notice] = (await slackMessages('crm-alerts')).filter((m) => m.metadata?.event_payload.key === key);
  expect(JSON.stringify(notice!.blocks)).toContain('Contacts');

  // The history, refreshed, lists the scan notice (sent) above the test.
  const history = page.getByRole('region', { name: 'Notification history' });
  await history.getByRole('button', { name: 'Refresh' }).click();
  await expect(history.getByText(notice!.text).first()).toBeVisible({ timeout: 20_000 });
  await expect(history.getByText('Sent').first()).toBeVisible();
  await expect(history.getByText('Test message from DataCleaner').first()).toBeVisible();
  expect(errors).toEqual([]);
});
