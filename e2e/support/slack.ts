/**
 * The Slack sandbox the browser tests' server posts to (playwright.config.ts starts both):
 * its default workspace, where the bot is in #crm-alerts and #general but not in #random.
 */
export const SLACK_SANDBOX_PORT = Number(process.env.E2E_SLACK_PORT ?? 3197);
export const SLACK_SANDBOX_URL = `http://127.0.0.1:${SLACK_SANDBOX_PORT}`;
/** The sandbox's default bot token (tools/slack-sandbox/workspace.ts). */
export const SLACK_BOT_TOKEN = 'xoxb-1000000001-2000000001-sandboxBotToken0000000001';

export const APP_SLACK_ENV: Record<string, string> = {
  SLACK_API_URL: `${SLACK_SANDBOX_URL}/api/`,
};

export interface PostedSlackMessage {
  channelName: string;
  text: string;
  blocks: unknown[] | null;
  metadata: { event_type: string; event_payload: Record<string, unknown> } | null;
}

/** What the bot posted to a channel, oldest first. */
export async function slackMessages(channel: string): Promise<PostedSlackMessage[]> {
  const response = await fetch(`${SLACK_SANDBOX_URL}/_sandbox/messages?channel=${encodeURIComponent(channel)}`);
  if (!response.ok) throw new Error(`The Slack sandbox answered ${response.status}`);
  return ((await response.json()) as { messages: PostedSlackMessage[] }).messages;
}
