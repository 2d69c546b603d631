import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Needs a PostgreSQL server (TEST_DATABASE_URL): separate worker processes share it.
        test: {
          name: 'postgres',
          environment: 'node',
          include: ['src/**/*.pg.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
