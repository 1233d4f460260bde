// `npm start`: one Node process from the client build check to the server, so the signals npm
// forwards (SIGTERM, SIGINT) reach the server itself. package.json runs it with `exec`: npm starts
// scripts through `sh -c`, and a shell in between would take the signal and leave the server
// running. The client is built only when it would be served from ./dist/client.
//
// The server runs as the bundle of its sources (dist/server/main.mjs, built here when missing or
// stale, in about a second), not through tsx: compiling every TypeScript module at each start took
// seconds and a hundred MB of memory. Stack traces still name the TypeScript sources (source maps).
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildClientIfStale } from './build-client-if-stale.mjs';
import { ensureServerBundle } from './build-server.mjs';

if (!process.env.CLIENT_DIST || path.resolve(process.env.CLIENT_DIST) === path.resolve('dist/client')) {
  await buildClientIfStale();
}
const bundle = await ensureServerBundle();
// Node 22 keeps the code it compiled (the bundle and its modules) in the temporary folder, so a
// restart skips compiling it: about a second less to /healthz on two cores. Node 20 has no such cache.
module.enableCompileCache?.();
process.setSourceMapsEnabled(true);
// The server reads its command from process.argv as usual.
await import(pathToFileURL(bundle).href);
