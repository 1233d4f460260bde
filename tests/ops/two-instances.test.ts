import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys, signIdToken } from '../../server/auth/keys';
import { demoCourses } from '../../server/demo/seed';
import { createPostgresDatabase } from '../harness';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from '../server/server-process';

interface Delivery {
  from: string;
  subject: string;
}

/** A real SMTP server on loopback that accepts everything and remembers who sent what. */
async function startSink() {
  const delivered: Delivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        delivered.push({ from, subject: /^Subject: (.*)$/m.exec(message)?.[1]?.trim() ?? '' });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, delivered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function trpc(server: ServerProcess, procedure: string, token: string | null, input?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response =
    input === undefined
      ? await fetch(`${server.url}/trpc/${procedure}`, { headers })
      : await fetch(`${server.url}/trpc/${procedure}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
        });
  return { status: response.status, body: (await response.json()) as { result?: { data: unknown } } };
}

const admin = { email: 'admin@example.org', password: 'correct horse battery' };

/** A token issued by `server`: signed in with the administrator account every instance ensures at start. */
async function tokenIssuedBy(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

const paths = async (server: ServerProcess) =>
  ((await trpc(server, 'course.list', null)).body.result!.data as { path: string }[]).map((c) => c.path);

// Needs a PostgreSQL server: two processes cannot share the embedded database (by design, it is locked).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL database (runs only when TEST_DATABASE_URL is set)',
  () => {
    const servers: ServerProcess[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let sink: Awaited<ReturnType<typeof startSink>>;
    let drop = async () => {};
    let jwk: string;
    let env: (name: string, url?: string) => Record<string, string>;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));

    beforeAll(async () => {
      const database = await createPostgresDatabase();
      drop = database.drop;
      sink = await startSink();
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      jwk = JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'shared-key' });
      env = (name: string, url = database.url) => ({
        DATABASE_URL: url,
        DATA_DIR: path.join(root, name),
        JWT_PRIVATE_KEY: jwk,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        NOTIFY_EMAIL: 'editors@example.org',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        // Each instance signs its mail differently, so the sink can tell who delivered it.
        MAIL_FROM: `Instance ${name} <${name}@example.org>`,
      });
      a = spawnServer(env('a'), await freePort());
      servers.push(a);
      await waitForHealth(a);
      b = spawnServer(env('b'), await freePort());
      servers.push(b);
      await waitForHealth(b);
    });
    afterAll(async () => {
      for (const server of servers) {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.exited;
      }
      await sink?.close();
      await drop();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('are both ready: database, migrations and jobs', async () => {
      for (const server of [a, b]) {
        const response = await fetch(`${server.url}/readyz`);
        expect(await response.json()).toEqual({
          status: 'ready',
          checks: { database: 'ok', migrations: 'ok', jobs: 'ok', projections: 'ok' },
        });
      }
    });

    it('accept each other’s tokens and read each other’s writes at once', async () => {
      const fromA = await tokenIssuedBy(a);
      const fromB = await tokenIssuedBy(b);
      // Written on B with A's token, read on A; and the other way round.
      const created = await trpc(b, 'course.create', fromA, {
        path: 'written-on-a',
        course: { name: 'Written on A', language: 'en' },
      });
      expect(created.status).toBe(200);
      expect(await paths(a)).toContain('written-on-a');

      const other = await trpc(a, 'course.create', fromB, {
        path: 'written-on-b',
        course: { name: 'Written on B', language: 'fr' },
      });
      expect(other.status).toBe(200);
      expect(await paths(b)).toEqual(expect.arrayContaining(['written-on-a', 'written-on-b']));

      // A token the instances do not share a key for is refused by both.
      const foreign = await signIdToken(await loadOrCreateKeys(null), {
        sub: 'admin-2',
        email: 'x@example.org',
        roles: ['admin'],
        credentialVersion: 0,
      });
      for (const server of [a, b]) {
        const refused = await trpc(server, 'course.create', foreign, {
          course: { name: 'No', language: 'en' },
        });
        expect([401, 403]).toContain(refused.status);
      }
    });

    it('run each background job exactly once while both work the queue', async () => {
      const token = await tokenIssuedBy(a);
      const names = Array.from({ length: 6 }, (_, n) => `Job course ${n + 1}`);
      for (const [n, name] of names.entries()) {
        const response = await trpc(n % 2 === 0 ? a : b, 'course.create', token, {
          course: { name, language: 'en' },
        });
        expect(response.status).toBe(200);
      }
      const subjects = names.map((name) => `New course: ${name}`);
      await waitFor(() =>
        subjects.every((subject) => sink.delivered.some((mail) => mail.subject === subject)),
      );
      // Longer than two polling rounds of both workers: a duplicate would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      for (const subject of subjects) {
        expect(sink.delivered.filter((mail) => mail.subject === subject)).toHaveLength(1);
      }
      // No mail at all came twice (those of the earlier courses included), and only A or B sent them.
      const all = sink.delivered.map((mail) => mail.subject);
      expect(new Set(all).size).toBe(all.length);
      for (const mail of sink.delivered) expect(['a@example.org', 'b@example.org']).toContain(mail.from);
    });

    it('refuse an instance with another signing key, naming the setting to correct', async () => {
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const other = JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'other-key' });
      const { JWT_PRIVATE_KEY: _shared, ...ownKey } = env('f');
      const refused = [
        spawnServer({ ...env('e'), JWT_PRIVATE_KEY: other }, await freePort()),
        // No key given: the instance makes one in its own data folder, which no other instance has.
        spawnServer(ownKey, await freePort()),
      ];
      servers.push(...refused);
      expect(await Promise.all(refused.map((server) => server.exited))).toEqual([1, 1]);
      expect(refused[0]!.output()).toContain('JWT_PRIVATE_KEY: key other-key');
      expect(refused[0]!.output()).toContain('this database has known key shared-key');
      expect(refused[1]!.output()).toContain('JWT_PRIVATE_KEY (unset: this instance made its own key in');
      // The instances with the shared key serve on.
      for (const server of [a, b]) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    });

    it('start together on an empty database (a rolling deploy): both come up ready, the demo seeded once', async () => {
      const fresh = await createPostgresDatabase();
      const starting = [
        spawnServer({ ...env('c', fresh.url), SEED_DEMO: 'true' }, await freePort()),
        spawnServer({ ...env('d', fresh.url), SEED_DEMO: 'true' }, await freePort()),
      ];
      try {
        // Migrations, pg-boss's schema and the identity bootstrap must each happen once, without a crash.
        await Promise.all(starting.map((server) => waitForHealth(server)));
        for (const server of starting) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        // One instance found the database empty and seeded; the other waited for it and found content.
        const client = new pg.Client({ connectionString: fresh.url });
        await client.connect();
        const { rows } = await client
          .query<{ path: string }>(
            "select data->>'path' as path from events where type = 'CourseCreated' order by position",
          )
          .finally(() => client.end());
        const paths = rows.map((row) => row.path);
        // Seeded twice, the second set would take srgr-basis-2 and the like.
        expect(paths).toEqual(expect.arrayContaining(demoCourses.map((course) => course.path)));
        expect(paths).toHaveLength(demoCourses.length + 1); // and the main course's French translation
      } finally {
        for (const server of starting) {
          if (server.child.exitCode === null) server.child.kill('SIGTERM');
          await server.exited;
        }
        await fresh.drop();
      }
    });
  },
);
