import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './logger';

export interface ServerOptions {
  /** Settles when dist/web is ready (`npm start` builds it meanwhile); the database opens in the meantime. */
  webBuilt?: Promise<void>;
}

/** Opens the database, serves the app on HOST:PORT and shuts down cleanly on SIGINT or SIGTERM. */
export async function startServer(options: ServerOptions = {}): Promise<void> {
  // Handled now, reported where it is awaited below: a build that fails during the seconds of
  // imports before that would otherwise be an unhandled rejection, ending the process with a
  // stack trace instead of the message, and the embedded database abandoned mid-open.
  options.webBuilt?.catch(() => undefined);
  const config = loadConfigOrExit();
  const log = createLogger(config);
  const where = config.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  log.info(`Starting DataCleaner on ${where}`);

  // The database opens while the rest of the server loads: both take seconds on a busy machine.
  const opening = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE })
    .then(async (database) => (await import('./runtime')).startRuntime(config, log, { work: config.RUN_WORKERS, database }))
    .catch((error: unknown) => {
      log.fatal({ err: error }, 'could not open or prepare the database');
      process.exit(1);
    });
  const [{ buildApp }, { DemoAccount }] = await Promise.all([import('./app'), import('./modules/demo')]);
  try {
    await options.webBuilt;
  } catch (error) {
    log.fatal({ err: error }, 'could not build the web app');
    // Closed rather than abandoned mid-write: embedded PostgreSQL keeps its files consistent.
    await (await opening).stop();
    process.exit(1);
  }
  const runtime = await opening;
  const demo = new DemoAccount(runtime.database.db, log);
  const app = await buildApp({ config, database: runtime.database, queue: runtime.queue, logger: log, demo });
  await app.listen({ host: config.HOST, port: config.PORT });
  // Built once per database, in the background: the first visitor of /demo need not wait.
  demo.prepare();
  const port = (app.server.address() as { port: number }).port;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  // Printed plainly so it stands out from the log lines.
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
}
