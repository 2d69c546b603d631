/**
 * `npm run sandbox -- --port 4010 --contacts 10000 --seed 1`: the HubSpot sandbox as a
 * process, with the tokens and settings to point DataCleaner at it. Ctrl-C stops it.
 */
import { helpText, parseCliOptions } from './cli-options';
import { startSandbox } from './sandbox';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

async function main(): Promise<void> {
  const parsed = parseCliOptions(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    console.error(`Invalid options:\n${parsed.problems.map((problem) => `  - ${problem}`).join('\n')}\n\n${helpText()}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(helpText());
    return;
  }
  const { options } = parsed;
  const started = performance.now();
  console.log('Seeding portals...');
  const sandbox = await startSandbox(options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const [app] = sandbox.oauthApps;
  const lines = [
    '',
    `HubSpot sandbox listening on ${sandbox.url} (seeded in ${seconds} s)`,
    '',
    ...sandbox.portals.flatMap((portal) => [
      `  Portal ${portal.portalId} (${portal.tier}, ${portal.timeZone}): ${Object.entries(portal.counts)
        .map(([type, count]) => `${count} ${type}`)
        .join(', ')}`,
      ...portal.privateApps.map((privateApp) => `    private app token: ${privateApp.token}`),
    ]),
    ...(app ? ['', `  OAuth app ${app.appId}: client id ${app.clientId}`, `                      client secret ${app.clientSecret}`] : []),
    `  Authorize page: ${sandbox.authorizeUrl} (approves at once for portal ${sandbox.portals[0]?.portalId}; add &portal=<id> for another)`,
    `  Admin: ${sandbox.url}/__sandbox (portals, faults, rate-limits, clock, stats)`,
    '',
    'Point DataCleaner at it (.env):',
    `  HUBSPOT_API_BASE=${sandbox.url}`,
    `  HUBSPOT_AUTHORIZE_URL=${sandbox.authorizeUrl}`,
    ...(app ? [`  HUBSPOT_CLIENT_ID=${app.clientId}`, `  HUBSPOT_CLIENT_SECRET=${app.clientSecret}`] : []),
    'or connect with the private app token above.',
    '',
  ];
  console.log(lines.join('\n'));
  if (!LOOPBACK.has(options.host)) console.warn(`Warning: listening on ${options.host}; the /__sandbox admin routes have no authentication.`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
