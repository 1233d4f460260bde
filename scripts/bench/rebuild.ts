/**
 * The rebuild part (`npm run bench -- rebuild`): a log shaped like a course in use, then the read
 * tables rebuilt from it, in turns with a raw replay of the same events, on both databases.
 *
 * The log: BENCH_REBUILD_PARTICIPANTS (600) accounts made through the command pipeline, and for
 * each 40 answers, 40 drafts and 16 sightings appended to their streams (about 96 events each).
 * The platform side is `rebuildProjections` (what `npm run rebuild-projections` and an import run);
 * the raw ceiling reads the same events in the same batches of 1,000 and writes each batch back as
 * one statement into a scratch table: the least a batched replay has to do.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { append } from '../../events/store';
import { rebuildProjections } from '../../projections/rebuild';
import { loadConfig } from '../../server/config';
import { transaction } from '../../server/db/transaction';
import { type Platform, startPlatform } from '../../server/platform';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { tempDatabase, tempDir } from './database';
import type { Mode } from './hot-paths';

export interface RebuildResult {
  mode: Mode;
  events: number;
  rounds: { platformPerSecond: number; rawPerSecond: number }[];
  platformPerSecond: number;
  rawPerSecond: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function writeLog(platform: Platform, participants: number): Promise<void> {
  const moduleId = randomUUID();
  const pages = Array.from({ length: 8 }, (_, index) => ({
    pageId: randomUUID(),
    pagePath: `page-${index}`,
  }));
  let clock = Date.parse('2026-11-01T08:00:00Z');
  const meta = () => {
    clock += 1000;
    return { ...systemMeta('bench'), at: new Date(clock).toISOString() };
  };
  for (let i = 0; i < participants; i++) {
    const userId = randomUUID();
    await executeUser(platform, systemMeta('bench'), userId, {
      type: 'CreateUser',
      data: {
        userId,
        email: `rebuild-${i}@example.org`,
        profile: { name: `Participant ${i}`, phone: null, profession: null, riziv: null, language: 'en' },
        roles: [],
      },
    });
    const refs = pages.flatMap((page) =>
      ['q1', 'q2', 'q3', 'q4', 'q5'].map((question) => ({
        userId,
        moduleId,
        modulePath: 'bench-module',
        ...page,
        question,
      })),
    );
    const drafts = refs.map((ref) => ({
      type: 'AnswerDrafted',
      data: {
        ...ref,
        questionType: 'open',
        answer: `What I think about ${ref.question}`,
        idempotencyKey: null,
      },
    }));
    const answers = refs.map((ref) => ({
      type: 'AnswerSaved',
      data: {
        ...ref,
        questionType: 'single',
        answer: 'yes',
        attempt: 1,
        score: 1,
        maxScore: 1,
        idempotencyKey: null,
      },
    }));
    const sightings = Array.from({ length: 16 }, (_, index) => ({
      type: 'ItemSeen',
      data: {
        userId,
        category: index % 2 === 0 ? 'courses' : 'files',
        path: `item-${index % 8}`,
        at: new Date(clock + index * 60_000).toISOString(),
      },
    }));
    await transaction(platform.database.db, async (trx) => {
      await append(trx, `result_draft-${moduleId}.${userId}`, 0, drafts, meta());
      await append(trx, `module_result-${moduleId}.${userId}`, 0, answers, meta());
      await append(trx, `tracking-${userId}`, 0, sightings, meta());
    });
  }
}

/** Reads every event in batches and writes each batch back in one statement: the raw replay. */
async function rawReplay(platform: Platform): Promise<number> {
  return transaction(platform.database.db, async (trx) => {
    await sql`create temporary table replay_sink (position bigint, stream text, type text, data jsonb)
      on commit drop`.execute(trx);
    let position = 0;
    let count = 0;
    for (;;) {
      const { rows } = await sql<{ position: number; stream: string; type: string; data: unknown }>`
        select position, stream, type, data from events where position > ${position}
        order by position limit 1000`.execute(trx);
      if (rows.length === 0) break;
      await sql`insert into replay_sink select * from jsonb_populate_recordset(null::replay_sink,
        ${JSON.stringify(rows)}::jsonb)`.execute(trx);
      position = Number(rows.at(-1)!.position);
      count += rows.length;
    }
    return count;
  });
}

export async function benchRebuild(
  modes: Mode[],
  databaseUrl: string | null,
  rounds: number,
  register: (undo: () => Promise<void>) => void,
  say: (text: string) => void,
): Promise<RebuildResult[]> {
  const participants = Number(process.env.BENCH_REBUILD_PARTICIPANTS ?? 600);
  if (!Number.isInteger(participants) || participants < 1 || participants > 100_000)
    throw new Error('BENCH_REBUILD_PARTICIPANTS must be an integer from 1 to 100000');
  const results: RebuildResult[] = [];
  for (const mode of modes) {
    const dir = await tempDir('rebuild');
    register(dir.dispose);
    const database = mode === 'postgres' ? await tempDatabase(databaseUrl!, 'rebuild') : null;
    if (database) register(database.dispose);
    const config = loadConfig({
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir.value,
      ...(database ? { DATABASE_URL: database.value } : {}),
    });
    const platform = await startPlatform(config, pino({ level: 'silent' }), { workJobs: false });
    try {
      say(`rebuild, ${mode}: writing the log of ${participants} participants`);
      await writeLog(platform, participants);
      if (mode === 'postgres') await sql`analyze`.execute(platform.database.db);
      const result: RebuildResult = { mode, events: 0, rounds: [], platformPerSecond: 0, rawPerSecond: 0 };
      for (let round = 0; round < rounds; round++) {
        let started = performance.now();
        result.events = await rebuildProjections((work) => transaction(platform.database.db, work));
        const platformPerSecond = result.events / ((performance.now() - started) / 1000);
        started = performance.now();
        const raw = await rawReplay(platform);
        const rawPerSecond = raw / ((performance.now() - started) / 1000);
        result.rounds.push({ platformPerSecond, rawPerSecond });
        say(
          `  round ${round + 1}: rebuild ${Math.round(platformPerSecond)} events/s, raw replay ${Math.round(rawPerSecond)} events/s (${result.events} events)`,
        );
      }
      result.platformPerSecond = median(result.rounds.map((r) => r.platformPerSecond));
      result.rawPerSecond = median(result.rounds.map((r) => r.rawPerSecond));
      results.push(result);
    } finally {
      await platform.close();
    }
  }
  return results;
}

/** Rows for the summary table, in its columns. */
export function rebuildRows(results: RebuildResult[]): string[][] {
  return results.map((r) => [
    r.mode === 'postgres' ? 'PostgreSQL' : 'embedded',
    `rebuild the read tables (${r.events.toLocaleString('en')} events), events/s`,
    '-',
    Math.round(r.platformPerSecond).toLocaleString('en'),
    Math.round(r.rawPerSecond).toLocaleString('en'),
    `${((r.platformPerSecond / r.rawPerSecond) * 100).toFixed(1)} %`,
    '-',
    '-',
    '-',
  ]);
}
