// Interim stand-in until the Slack client lands (is16-slack); same signatures.
import type { Config } from '../../config';
import type { SendOutcome } from './notice-types';
import type { SlackMessage } from './slack-messages';

export async function postSlackMessage(_config: Config, _input: { token: string; channel: string; message: SlackMessage; idempotencyKey: string; alreadyTried: boolean }): Promise<SendOutcome> {
  return { ok: false, permanent: true, code: 'not_built', message: 'Slack is not built yet.' };
}
export async function testSlack(_config: Config, _input: { token: string; channel: string }): Promise<{ ok: boolean; code: string | null; message: string; target: string | null }> {
  return { ok: false, code: 'not_built', message: 'Slack is not built yet.', target: null };
}
