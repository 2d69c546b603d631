import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Deadlines sized for a busy 2-core machine (the suite beside a running server and a browser
 * runs several times slower than alone). They bound a hang; no test relies on them for speed.
 */
const BUSY_MACHINE = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll's default of 1 s is less than a thread or a lazy page takes to start under load.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    // Two cores: one file per core keeps PGlite instances (about 250 MB each) in check.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tools/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.pg.test.ts', 'bench/**/*.accuracy.test.ts'],
          ...BUSY_MACHINE,
        },
      },
      {
        // Reads the labelled datasets in ../shared/data, so it is not part of `npm test`.
        test: {
          name: 'accuracy',
          environment: 'node',
          include: ['bench/**/*.accuracy.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['src/**/*.int.test.ts', 'tools/**/*.int.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          ...BUSY_MACHINE,
        },
      },
      {
        // Separate worker processes sharing a PostgreSQL server (TEST_DATABASE_URL). In `npm test`
        // without one, its tests are listed as skipped with that reason, and nothing is set up.
        test: {
          name: 'postgres',
          environment: 'node',
          include: ['src/**/*.pg.test.ts'],
          globalSetup: process.env.TEST_DATABASE_URL ? ['src/server/test/global-setup.ts'] : [],
          ...BUSY_MACHINE,
          testTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test/setup.ts'],
          ...BUSY_MACHINE,
        },
      },
    ],
  },
});
