import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { JobQueue } from './jobs/queue';
import { jobRegistry } from './jobs/registry';
import { checkEncryptionKey } from './security/key-check';
import { secretBoxFor } from './security/secret-box';

export interface Runtime {
  database: Database;
  queue: JobQueue;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, checks the encryption key and starts the job queue:
 * what web and worker processes share. `database`, when given, is one already opened (the
 * server opens it while its other modules load).
 */
export async function startRuntime(config: Config, log: FastifyBaseLogger, options: { work: boolean; database?: Database }): Promise<Runtime> {
  const database = options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE }));
  try {
    await migrateDatabase(database);
    // Before any job runs: a wrong or missing key stops the start, not the first token it meets.
    await checkEncryptionKey(database.db, await secretBoxFor(config), config);
    const queue = await JobQueue.start({ config, database, jobs: jobRegistry, log, work: options.work, superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS });
    return {
      database,
      queue,
      stop: async () => {
        await queue.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
