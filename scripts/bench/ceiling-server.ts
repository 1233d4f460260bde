/**
 * The raw ceilings the platform is compared with: a bare Fastify process on the same database driver
 * and mode as the server (PGlite in DATA_DIR, or a pg Pool on DATABASE_URL), without tRPC, GraphQL,
 * auth, the event pipeline or projections. Every route does the least work the platform's path must
 * also do, on the database:
 *   POST /write:      one transaction = an insert into bench_events + an upsert into bench_rows
 *                     (keyed by the caller's bearer token: one row per participant, like a result).
 *   GET  /read/:key:  select one row by key from bench_rows and send its JSON as it is stored.
 *   GET  /rows?limit: select `limit` rows in key order and send them as CSV, streamed.
 *   GET  /pdf/:key:   select one row by key, and a one-page PDF of two of its texts with the
 *                     certificate's two fonts embedded as subsets (pdf-lib, fonts parsed once).
 *   PUT  /rows/:key:  stores a JSON body under `key` (set-up: the answers the reads return).
 * At start it fills bench_rows with FILLER_ROWS rows (default 10,000), so a key lookup goes through
 * an index of realistic depth.
 */
import fontkit from '@pdf-lib/fontkit';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { certificateFonts } from '../../server/certificate/fonts';
import { openDatabase } from '../../server/db';
import { transaction } from '../../server/db/transaction';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`ceiling-server: ${name} is not set`);
  return value;
};

const port = Number(env('PORT'));
const fillerRows = Number(process.env.FILLER_ROWS ?? 10_000);
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
await sql`create table if not exists bench_rows (
  id text primary key,
  data jsonb not null,
  version integer not null,
  updated_at timestamptz not null
)`.execute(db);
await sql`insert into bench_rows (id, data, version, updated_at)
  select 'filler-' || lpad(n::text, 6, '0'), jsonb_build_object('n', n, 'name', 'Participant ' || n), 1, now()
  from generate_series(1, ${fillerRows}) as n
  on conflict (id) do nothing`.execute(db);
await sql`analyze bench_rows`.execute(db);

const fonts = certificateFonts();
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const fontkitOnce = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsed.set(bytes, font);
    }
    return font;
  },
};

const app = Fastify({ logger: { level: 'warn' }, bodyLimit: 2 * 1024 * 1024 });

app.get('/healthz', async () => ({ status: 'ok' }));

/** The bearer token's tail: a stable key per participant without verifying anything. */
const callerKey = (authorization: string | undefined) => `result-${(authorization ?? '').slice(-24)}`;

app.post('/write', async (request) => {
  const key = callerKey(request.headers.authorization);
  const data = JSON.stringify(request.body ?? {});
  const version = await transaction(db, async (trx) => {
    await sql`insert into bench_events (stream, data) values (${key}, ${data}::jsonb)`.execute(trx);
    const { rows } = await sql<{ version: number }>`insert into bench_rows (id, data, version, updated_at)
      values (${key}, ${data}::jsonb, 1, now())
      on conflict (id) do update
      set data = excluded.data, version = bench_rows.version + 1, updated_at = excluded.updated_at
      returning version`.execute(trx);
    return rows[0]?.version ?? 0;
  });
  return { result: { data: { version } } };
});

async function row(key: string): Promise<string | null> {
  const { rows } = await sql<{
    data: string;
  }>`select data::text as data from bench_rows where id = ${key}`.execute(db);
  return rows[0]?.data ?? null;
}

app.get<{ Params: { key: string } }>('/read/:key', async (request, reply) => {
  const data = await row(request.params.key);
  if (data === null) return reply.code(404).send({ message: 'no such row' });
  return reply.type('application/json').send(data);
});

app.get<{ Querystring: { limit?: string } }>('/rows', async (request, reply) => {
  const limit = Math.max(1, Math.min(100_000, Number(request.query.limit ?? 100)));
  const { rows } = await sql<{ id: string; data: string }>`
    select id, data::text as data from bench_rows order by id limit ${limit}`.execute(db);
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const lines = ['\uFEFFid,data', ...rows.map((r) => `${quote(r.id)},${quote(r.data)}`)];
  return reply.type('text/csv; charset=utf-8').send(`${lines.join('\r\n')}\r\n`);
});

app.get<{ Params: { key: string } }>('/pdf/:key', async (request, reply) => {
  const data = await row(request.params.key);
  if (data === null) return reply.code(404).send({ message: 'no such row' });
  const texts = JSON.parse(data) as { name?: string; item?: string };
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkitOnce);
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const page = pdf.addPage([842, 595]);
  page.drawText(texts.name ?? '', { x: 100, y: 400, font: bold, size: 26 });
  page.drawText(texts.item ?? '', { x: 100, y: 340, font: regular, size: 17 });
  return reply.type('application/pdf').send(Buffer.from(await pdf.save()));
});

app.put<{ Params: { key: string } }>('/rows/:key', async (request) => {
  const data = JSON.stringify(request.body);
  await sql`insert into bench_rows (id, data, version, updated_at) values (${request.params.key}, ${data}::jsonb, 1, now())
    on conflict (id) do update set data = excluded.data`.execute(db);
  return { stored: request.params.key };
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
