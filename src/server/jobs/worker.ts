import { loadConfigOrExit } from '../config';
import { createLogger } from '../logger';
import { startRuntime } from '../runtime';

// A worker process serves the job queues only. Several may run against one PostgreSQL server;
// PGlite lives inside a single process, so it cannot be shared with a separate worker.
const config = loadConfigOrExit();
const log = createLogger(config);
if (!config.DATABASE_URL) {
  console.error('npm run worker needs DATABASE_URL: embedded PostgreSQL serves one process, and the web process already runs the workers.');
  process.exit(1);
}
const runtime = await startRuntime(config, log, { work: true });
log.info({ pid: process.pid }, 'worker started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info(`${signal}: worker stopping after its current jobs`);
    void runtime.stop().then(() => process.exit(0));
  });
}
