import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startOpenAiSandbox, type OpenAiSandbox } from '../../../tools/openai-sandbox/sandbox';
import { captureLog } from './log-capture';
import { startTestApp, testConfig, type TestApp } from './test-app';

export interface AiTestApp {
  ai: OpenAiSandbox;
  ctx: TestApp;
  /** The app's log, to look for a leaked key in. */
  log: ReturnType<typeof captureLog>;
}

/**
 * An app whose AI calls go to a loopback OpenAI sandbox, started before the file's tests and
 * stopped after them; the sandbox forgets its keys and faults before each test. The fields
 * are filled in by the time the file's own beforeAll hooks run.
 */
export function useAiTestApp(): AiTestApp {
  const app = {} as AiTestApp;
  beforeAll(async () => {
    app.ai = await startOpenAiSandbox();
    const env = { AI_API_BASE: app.ai.baseURL };
    app.log = captureLog(testConfig(env));
    app.ctx = await startTestApp({ work: false, env, log: app.log.log });
  }, 120_000);
  afterAll(async () => {
    await app.ctx?.stop();
    await app.ai?.close();
  });
  beforeEach(() => app.ai.reset());
  return app;
}
