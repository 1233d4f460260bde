import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../events/store';
import { userStream } from '../../events/user/events';
import { rebuildProjections } from '../../projections/rebuild';
import { buildApp } from '../../server/app';
import { idTokenFor } from '../../server/auth/id-tokens';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

/** Every row of every table (the event log and pg-boss's tables included), as text. */
async function dumpEverything(platform: TestPlatform): Promise<string> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
    platform.database.db,
  );
  let dump = '';
  for (const table of tables) {
    const { rows } = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(`${table.schema}.${table.name}`)} t`.execute(
      platform.database.db,
    );
    dump += `${table.schema}.${table.name}\n${rows.map((r) => r.row).join('\n')}\n`;
  }
  return dump;
}

/** The files under `dir` that hold any of `values` (case-insensitive, as UTF-8 bytes), with the value found. */
function filesHolding(dir: string, values: string[]): string[] {
  const wanted = values.map((value) => Buffer.from(value.toLowerCase(), 'utf8').toString('latin1'));
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file).toString('latin1').toLowerCase();
    for (const value of wanted) if (text.includes(value)) found.push(`${file}: ${value}`);
  }
  return found;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(databaseKinds)('erasure of a person on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let running = false;
  // The embedded database on disk, so the test can read its files as an intruder would.
  const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-')) : undefined;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { workJobs: true, dataDir });
    app = await buildApp(platform);
    running = true;
  });
  const shutDown = async () => {
    if (!running) return;
    running = false;
    await app.close();
    await platform.dispose();
  };
  afterAll(async () => {
    await shutDown();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves none of their name, e-mail, phone or riziv readable anywhere, the log included', async () => {
    const admin = await addTestUser(platform, { roles: ['admin'] });
    const person = {
      name: 'Zuzanna Wiśniewska-Quaye',
      email: 'zuzanna.quaye@example.org',
      phone: '+32 470 98 76 54',
      riziv: '1-23456-78-901',
      profession: 'midwife',
    };
    const signUp = await app.inject({
      method: 'POST',
      url: '/auth/sign-up',
      payload: { ...person, password: 'secret-password' },
    });
    expect(signUp.statusCode).toBe(200);
    const me = await app.inject({
      url: `/trpc/user.list?input=${encodeURIComponent(JSON.stringify({ search: 'zuzanna' }))}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const userId = me.json().result.data[0]._id as string;
    await app.inject({
      method: 'POST',
      url: '/trpc/user.update',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { _id: userId, doc: { ...person, description: `About ${person.name}`, language: 'nl' } },
    });
    // An answer and a draft of theirs (open questions: anything about them may be in there).
    const asAdmin = { authorization: `Bearer ${admin.token}` };
    await app.inject({
      method: 'POST',
      url: '/trpc/module.create',
      headers: asAdmin,
      payload: { path: 'reflect', module: { name: 'Reflect', language: 'en' } },
    });
    const reflection = (name: string, attempts: number) => ({
      type: 'textarea',
      questionType: 'open',
      name,
      label: 'Your project?',
      schema: { attempts },
    });
    await app.inject({
      method: 'POST',
      url: '/trpc/page.create',
      headers: asAdmin,
      payload: {
        parentType: 'module',
        parentPath: 'reflect',
        page: { name: 'Why', type: 'question', content: [reflection('answer', 0), reflection('draft', 2)] },
      },
    });
    const token = (await idTokenFor(platform, userId))!;
    const saved = await app.inject({
      method: 'POST',
      url: '/trpc/result.save',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        module: 'reflect',
        page: 'why',
        result: { answers: { answer: 'Zuzanna answers', draft: 'Zuzanna drafts' } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.data.page.questions.draft).toMatchObject({
      draft: 'Zuzanna drafts',
      attempts: 0,
    });
    // A question to the module's teacher, and the answer (both about them, both sealed with their key).
    const asked = await app.inject({
      method: 'POST',
      url: '/trpc/message.ask',
      headers: { authorization: `Bearer ${token}` },
      payload: { page: 'why', text: 'Zuzanna asks about her project' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const replied = await app.inject({
      method: 'POST',
      url: '/trpc/message.reply',
      headers: asAdmin,
      payload: { thread: asked.json().result.data.thread, text: 'Dear Zuzanna, a fine project.' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    // Let the verification mail job run, so its traces are in pg-boss's tables too.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const before = await dumpEverything(platform);
    expect(before).toContain(person.email);
    if (dataDir) {
      // The scan below finds what is there: before the erasure, the files hold the address.
      await sql`checkpoint`.execute(platform.database.db);
      expect(filesHolding(path.join(dataDir, 'pgdata'), [person.email]).length).toBeGreaterThan(0);
    }

    const deleted = await app.inject({
      method: 'POST',
      url: '/trpc/user.delete',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { _id: userId },
    });
    expect(deleted.statusCode).toBe(200);

    // A rebuild from the log cannot bring anything back either.
    await rebuildProjections((work) => transaction(platform.database.db, work));
    const after = await dumpEverything(platform);
    for (const value of [
      person.name,
      person.email,
      person.phone,
      person.riziv,
      'Zuzanna',
      'quaye',
      '98 76 54',
      '23456',
    ]) {
      expect(after.toLowerCase(), value).not.toContain(value.toLowerCase());
    }

    // The history stays consistent: the stream is intact, only the personal fields read as null.
    const history = await readStream(platform.database.db, userStream(userId));
    expect(history.map((event) => event.type)).toEqual(['UserSignedUp', 'UserProfileUpdated', 'UserDeleted']);
    expect(history[0]!.data).toMatchObject({ userId, email: null, name: null, phone: null, riziv: null });

    // Nothing in the database files either, once the compaction the erasure queued has run.
    await waitFor(async () => {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from pgboss.job where name = 'erasure.compact'`.execute(
        platform.database.db,
      );
      return rows[0]!.count === 0;
    });
    if (!dataDir) return;
    const files = path.join(dataDir, 'pgdata');
    const traces = [person.name, person.email, person.phone, person.riziv, 'Zuzanna', 'quaye'];
    expect(filesHolding(files, traces)).toEqual([]);
    // And still nothing once the database is shut down (its last checkpoint written).
    await shutDown();
    expect(filesHolding(files, traces)).toEqual([]);
  });
});
