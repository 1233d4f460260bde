import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies (`npm run lint`). Knip reads the entries of its Vite, Vitest
 * and Playwright plugins from their configs (client/index.html, tests/**\/*.test.ts(x),
 * e2e/*.spec.ts); listed here are the entries nothing imports: programs started by path.
 */
const config: KnipConfig = {
  entry: [
    // Run by npm scripts, by CI or by hand, or started as child processes by path.
    'scripts/*.{ts,mjs}',
    'scripts/bench/{run,results-csv,ceiling-server,startup}.ts',
    'scripts/screens/{playwright.config,capture.spec,compare}.ts',
    // Built by its own esbuild step (scripts/service-worker-plugin.ts), not through index.html.
    'client/sw/service-worker.ts',
    // The mail sink Playwright starts before the servers (playwright.config.ts).
    'e2e/mail/sink-server.ts',
    // Each migration's up and down are Kysely's contract, read through the namespace objects that
    // migrations/index.ts lists.
    'migrations/2*.ts',
  ],
  // A type named beside the code that uses it documents that code; values still go unexported.
  ignoreExportsUsedInFile: { type: true, interface: true },
  project: [
    '{server,client,events,projections,jobs,reactions,migrations,tests,e2e,scripts}/**/*.{ts,tsx,mts,mjs}',
    '*.config.ts',
  ],
  ignoreDependencies: [
    // Font files read by module path at run time (server/certificate/fonts.ts, createRequire) and
    // kept in node_modules beside the server bundle (scripts/build-server.mjs): never imported.
    'dejavu-fonts-ttf',
  ],
  // util-linux programs of the operating system, not npm packages.
  ignoreBinaries: ['setpriv', 'flock', 'unshare'],
};

export default config;
