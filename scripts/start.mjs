// `npm start`: one Node process from the client build check to the server, so the signals npm
// forwards (SIGTERM, SIGINT) reach the server itself. package.json runs it with `exec`: npm starts
// scripts through `sh -c`, and a shell in between would take the signal and leave the server
// running. The client is built only when it would be served from ./dist/client.
import path from 'node:path';
import { buildClientIfStale } from './build-client-if-stale.mjs';

if (!process.env.CLIENT_DIST || path.resolve(process.env.CLIENT_DIST) === path.resolve('dist/client')) {
  await buildClientIfStale();
}
// Loaded through tsx (`node --import tsx`); the server reads its command from process.argv as usual.
await import('../server/main.ts');
