import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/declared-reads.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each worker keeps its modules from one test file to the next: importing the server's module
          // graph afresh for every file took 180 s of a 9-minute run. Every file starts and disposes its
          // own platform and databases, so no state is shared through the modules.
          isolate: false,
        },
      },
      {
        // React components in a simulated browser (tests/client/components/support/): no server,
        // no database, and each file with modules of its own, as the client's singletons (the query
        // cache, the session, i18next) would otherwise carry one file's state into the next.
        test: {
          name: 'dom',
          include: ['tests/client/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/client/components/support/setup.ts'],
          testTimeout: 10_000,
        },
      },
    ],
  },
});
