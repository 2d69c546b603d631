/**
 * `npm run openai-sandbox -- --port 4040`: the OpenAI-compatible sandbox as a process, with the
 * settings to point DataCleaner at it. Ctrl-C stops it.
 */
import { parseArgs } from 'node:util';
import { serveUntilStopped } from '../sandbox-cli';
import { startOpenAiSandbox } from './sandbox';

const HELP = `Usage: npm run openai-sandbox -- [options]

  --port <n>        port to listen on (OPENAI_SANDBOX_PORT; default 4040, 0 picks a free one)
  --host <address>  address to listen on (OPENAI_SANDBOX_HOST; default 127.0.0.1)
  --log             log every request
  --help            this text`;

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { port: { type: 'string' }, host: { type: 'string' }, log: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const portText = values.port ?? process.env.OPENAI_SANDBOX_PORT ?? '4040';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`Invalid options:\n  - port: ${portText} is not a port number\n\n${HELP}`);
    process.exit(2);
  }
  const host = values.host ?? process.env.OPENAI_SANDBOX_HOST ?? '127.0.0.1';
  const sandbox = await startOpenAiSandbox({ port, host, logger: values.log ?? false });
  console.log(
    [
      '',
      `OpenAI sandbox listening on ${sandbox.baseURL}`,
      '',
      `  API key: ${sandbox.apiKey} (any other key is answered 401 invalid_api_key)`,
      '  Answers: a tool result is relayed in words; a question naming a tool calls it; anything else is echoed.',
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
