import { expect, test } from '@playwright/test';
import type { ScanRun } from '../src/shared/contracts/scans';
import { signUpThroughApi } from './support/accounts';
import { watchConsole } from './support/console';
import { OPENAI_SANDBOX_KEY } from './support/openai';
import { SANDBOX_TOKEN } from './support/sandbox';
import { shoot } from './support/screenshots';
import { skipTour } from './support/tour';

test.describe('the assistant', () => {
  test.beforeEach(async ({ page }) => skipTour(page));

  test('answers a starter question on /demo/assistant without a key, with a real table from the demo portal', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/demo/assistant');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Assistant' })).toBeVisible({ timeout: 20_000 });
    // No model on this server's demo: the box says why, the starters still answer.
    await expect(page.getByLabel('Ask your own question')).toBeDisabled();
    await page.getByRole('button', { name: 'Which companies have the most duplicates?' }).click();

    const answer = page.getByRole('article', { name: 'Answer' }).last();
    const table = answer.getByRole('table').first();
    await expect(table).toBeVisible({ timeout: 20_000 });
    // A real query: the demo portal has duplicate companies, each a row naming it.
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await expect(answer.getByText('Answered directly from your data: no model, no tokens used.')).toBeVisible();
    const sources = answer.getByRole('navigation', { name: 'Sources of this answer' });
    await expect(sources.getByRole('link').first()).toHaveAttribute('href', /^\/demo\//);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
    await shoot(page, 'assistant-demo');
    expect(errors).toEqual([]);
  });

  test('streams an answer from an OpenAI-compatible server, grounded in a tool and citing where it came from', async ({ page }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page, 'assistant');
    expect((await page.request.post('/api/hubspot/connect-token', { data: { accessToken: SANDBOX_TOKEN } })).ok()).toBe(true);
    const started = await page.request.post('/api/scans', { data: { objectTypes: ['contacts'] } });
    expect(started.ok(), await started.text()).toBe(true);
    const run = (await started.json()) as ScanRun;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/scans/${run.id}`)).json()) as ScanRun).status, { message: 'the scan to finish', timeout: 90_000 })
      .toBe('completed');
    // The key as Settings > AI saves it; the server's AI_API_BASE is the sandbox.
    const saved = await page.request.put('/api/settings/ai', { data: { aiAssistEnabled: true, openaiApiKey: OPENAI_SANDBOX_KEY, rememberOpenaiKey: true } });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto('/ai');
    const box = page.getByLabel('Ask your own question');
    await expect(box).toBeEnabled({ timeout: 20_000 });
    // The sandbox, unscripted, calls the tool a question names and then relays its result.
    await box.fill('Give me the health summary of my CRM');
    await box.press('Enter');

    const answer = page.getByRole('article', { name: 'Answer' }).last();
    const table = answer.getByRole('table').first();
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table.getByText('contacts', { exact: false }).first()).toBeVisible();
    await expect(answer.getByText(/From health_summary/)).toBeVisible({ timeout: 30_000 });
    const sources = answer.getByRole('navigation', { name: 'Sources of this answer' });
    await expect(sources.getByRole('link').first()).toBeVisible();
    await expect(answer.getByText(/tokens/).first()).toBeVisible();
    // A long unbroken answer (here the relayed JSON) wraps inside its column: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
    await shoot(page, 'assistant-answer');

    // The conversation is kept: after a reload it is in the history.
    await page.reload();
    await expect(page.getByText('Give me the health summary of my CRM').first()).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'assistant-history');
  });
});
