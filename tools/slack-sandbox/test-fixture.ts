/** For test files: one sandbox per file, reset before each test, and an SDK client on it. */
import { LogLevel, WebClient, type Logger, type WebClientOptions } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSlackSandbox, type SlackSandbox, type SlackSandboxOptions } from './sandbox';

/** The SDK prints Slack's warnings on the console; tests read outcomes from the results. */
export const QUIET_LOGGER: Logger = { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => LogLevel.ERROR, setName() {} };

/** Registers the file's hooks; call the result inside a test for the running sandbox. */
export function useSlackSandbox(options: SlackSandboxOptions = {}): () => SlackSandbox {
  let slack: SlackSandbox | undefined;
  beforeAll(async () => {
    slack = await startSlackSandbox(options);
  });
  afterAll(async () => {
    await slack?.close();
  });
  beforeEach(() => slack?.reset());
  return () => {
    if (!slack) throw new Error('The Slack sandbox is not running');
    return slack;
  };
}

/** The official client on the sandbox, with the SDK's own retries off unless told otherwise. */
export function sandboxClient(slack: SlackSandbox, token: string | undefined, options: WebClientOptions = {}): WebClient {
  return new WebClient(token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true, logger: QUIET_LOGGER, ...options });
}

/** An apiUrl nothing answers at: a sandbox started and closed again. */
export async function unreachableApiUrl(): Promise<string> {
  const gone = await startSlackSandbox();
  await gone.close();
  return gone.apiUrl;
}
