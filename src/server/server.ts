import { buildApp } from './app';
import { DemoAccount } from './modules/demo';
import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { startRuntime } from './runtime';

const config = loadConfigOrExit();
const log = createLogger(config);
const where = config.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
log.info(`Starting DataCleaner on ${where}`);

const runtime = await startRuntime(config, log, { work: config.RUN_WORKERS }).catch((error: unknown) => {
  log.fatal({ err: error }, 'could not open the database');
  process.exit(1);
});
const demo = new DemoAccount(runtime.database.db, log);
const app = await buildApp({ config, database: runtime.database, queue: runtime.queue, logger: log, demo });
await app.listen({ host: config.HOST, port: config.PORT });
// Built once per database, in the background: the first visitor of /demo need not wait.
demo.prepare();
const port = (app.server.address() as { port: number }).port;
const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
// Printed plainly so it stands out from the JSON log lines.
console.log(`\n  DataCleaner is running: open ${url}\n  API docs: ${url}/api/docs\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    void app
      .close()
      .then(() => runtime.stop())
      .then(() => process.exit(0), (error: unknown) => {
        log.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      });
  });
}
