import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
