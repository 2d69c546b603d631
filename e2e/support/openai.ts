/**
 * The OpenAI-compatible sandbox the browser tests' server asks (playwright.config.ts starts both):
 * unscripted, it calls a tool the question names and then relays the tool's result in words.
 */
export const OPENAI_SANDBOX_PORT = Number(process.env.E2E_OPENAI_PORT ?? 3195);
export const OPENAI_SANDBOX_URL = `http://127.0.0.1:${OPENAI_SANDBOX_PORT}`;
/** The one key the sandbox accepts (tools/openai-sandbox/sandbox.ts). */
export const OPENAI_SANDBOX_KEY = 'sk-sandbox-0123456789abcdefghijklmnop';

export const APP_AI_ENV: Record<string, string> = {
  AI_API_BASE: `${OPENAI_SANDBOX_URL}/v1`,
};
