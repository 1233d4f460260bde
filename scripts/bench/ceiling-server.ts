/**
 * The ceilings the platform is compared with: a bare Fastify process on the same database driver and
 * mode as the server (PGlite in DATA_DIR, or a pg Pool on DATABASE_URL), without tRPC, auth, the event
 * pipeline or projections.
 *   POST /command: one transaction = an insert into bench_events + an upsert into bench_summaries.
 *   GET  /list:    the course list JSON fetched from the real server (LIST_JSON_FILE), served as is.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db';
import { transaction } from '../../server/db/transaction';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`ceiling-server: ${name} is not set`);
  return value;
};

const port = Number(env('PORT'));
const listJson = fs.readFileSync(env('LIST_JSON_FILE'), 'utf8');
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'server', connectionString: process.env.DATABASE_URL, poolSize: 10 }
    : { kind: 'embedded', dataDir: env('DATA_DIR') },
);
const db = database.db;

await sql`create table if not exists bench_events (
  position bigint generated always as identity primary key,
  stream text not null,
  data jsonb not null,
  recorded_at timestamptz not null default now()
)`.execute(db);
await sql`create table if not exists bench_summaries (
  id text primary key,
  data jsonb not null,
  version integer not null,
  updated_at timestamptz not null
)`.execute(db);

const app = Fastify({ logger: { level: 'warn' }, bodyLimit: 2 * 1024 * 1024 });

app.get('/healthz', async () => ({ status: 'ok' }));

app.get('/list', async (_request, reply) => reply.type('application/json').send(listJson));

app.post('/command', async (request) => {
  const input = request.body as { path?: string; course?: unknown };
  const path = String(input.path ?? 'unknown');
  const data = JSON.stringify(input.course ?? {});
  await transaction(db, async (trx) => {
    await sql`insert into bench_events (stream, data) values (${`course-${path}`}, ${data}::jsonb)`.execute(
      trx,
    );
    await sql`insert into bench_summaries (id, data, version, updated_at)
      values (${path}, ${data}::jsonb, 1, now())
      on conflict (id) do update
      set data = excluded.data, version = bench_summaries.version + 1, updated_at = excluded.updated_at`.execute(
      trx,
    );
  });
  // the same shape as tRPC's answer to course.update
  return { result: { data: { path } } };
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ceiling server ready on 127.0.0.1:${port}\n`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
