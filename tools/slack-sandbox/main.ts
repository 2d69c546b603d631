/**
 * `npm run slack-sandbox -- --port 4020`: the Slack sandbox as a process, with the settings
 * and the bot token to point DataCleaner at it. Ctrl-C stops it.
 */
import { parseArgs } from 'node:util';
import { startSlackSandbox } from './sandbox';
import { serveUntilStopped } from '../sandbox-cli';

const HELP = `Usage: npm run slack-sandbox -- [options]

  --port <n>        port to listen on (SLACK_SANDBOX_PORT; default 4020, 0 picks a free one)
  --host <address>  address to listen on (SLACK_SANDBOX_HOST; default 127.0.0.1)
  --bot-name <name> the bot's user name, as /invite @<name> shows it (default datacleaner)
  --log             log every request
  --help            this text`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { port: { type: 'string' }, host: { type: 'string' }, 'bot-name': { type: 'string' }, log: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const portText = values.port ?? process.env.SLACK_SANDBOX_PORT ?? '4020';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`Invalid options:\n  - port: ${portText} is not a port number\n\n${HELP}`);
    process.exit(2);
  }
  const host = values.host ?? process.env.SLACK_SANDBOX_HOST ?? '127.0.0.1';
  const sandbox = await startSlackSandbox({ port, host, logger: values.log ?? false, ...(values['bot-name'] ? { botName: values['bot-name'] } : {}) });
  const channels = sandbox.channels().map((channel) => `#${channel.name}${channel.isPrivate ? ' (private)' : ''}${channel.isArchived ? ' (archived)' : ''}${channel.botIsMember ? '' : ' (bot not invited)'}`);
  console.log(
    [
      '',
      `Slack sandbox listening on ${sandbox.url}`,
      '',
      `  Workspace channels: ${channels.join(', ')}`,
      `  Bot @${sandbox.botName}, token: ${sandbox.botToken}`,
      `  "Add to Slack" approves at once and picks #crm-alerts (admin: POST ${sandbox.url}/_sandbox/oauth)`,
      `  Admin: ${sandbox.url}/_sandbox (messages, channels, tokens, faults, calls, reset)`,
      '',
      'Point DataCleaner at it (.env):',
      ...sandbox.envLines().map((line) => `  ${line}`),
      `then use "Add to Slack" in Settings, or paste the bot token above with the channel #crm-alerts.`,
      '',
    ].join('\n'),
  );
  serveUntilStopped(sandbox, host);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
