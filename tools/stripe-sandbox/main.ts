/**
 * `npm run stripe-sandbox -- --port 4030`: the Stripe sandbox as a process, with the lines to
 * point DataCleaner at it. Ctrl-C stops it.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_WEBHOOK_URL, startStripeSandbox } from './sandbox';
import { serveUntilStopped } from '../sandbox-cli';

const HELP = `Usage: npm run stripe-sandbox -- [options]

  --port <n>          port to listen on (STRIPE_SANDBOX_PORT; default 4030, 0 picks a free one)
  --host <address>    address to listen on (STRIPE_SANDBOX_HOST; default 127.0.0.1)
  --webhook-url <url> where events are POSTed (STRIPE_SANDBOX_WEBHOOK_URL; default ${DEFAULT_WEBHOOK_URL})
  --log               log every request
  --help              this text`;

function fail(message: string): never {
  console.error(`Invalid options:\n  - ${message}\n\n${HELP}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { port: { type: 'string' }, host: { type: 'string' }, 'webhook-url': { type: 'string' }, log: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const portText = values.port ?? process.env.STRIPE_SANDBOX_PORT ?? '4030';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`port: ${portText} is not a port number`);
  const webhookUrl = values['webhook-url'] ?? process.env.STRIPE_SANDBOX_WEBHOOK_URL ?? DEFAULT_WEBHOOK_URL;
  if (!URL.canParse(webhookUrl)) fail(`webhook-url: ${webhookUrl} is not a URL`);
  const host = values.host ?? process.env.STRIPE_SANDBOX_HOST ?? '127.0.0.1';
  const sandbox = await startStripeSandbox({ port, host, webhookUrl, logger: values.log ?? false });
  console.log(
    [
      '',
      `Stripe sandbox listening on ${sandbox.url}`,
      '',
      `  Webhook events go to ${webhookUrl}`,
      '  Hosted Checkout: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
      `  Admin: ${sandbox.url}/_sandbox (events, redelivery, clock, failed renewals, reset)`,
      '',
      'Point DataCleaner at it (.env):',
      ...sandbox.envLines().map((line) => `  ${line}`),
      '',
    ].join('\n'),
  );
  serveUntilStopped(sandbox, host);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
