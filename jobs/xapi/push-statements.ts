import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../job';
import { type LrsSettings, sendBatch } from './lrs';
import { renderStatement, type StatementRow } from './render';

export interface XapiPushDeps {
  // biome-ignore lint/suspicious/noExplicitAny: reads statements and events of the full schema
  db: Kysely<any>;
  /** The configured LRS (XAPI_ENDPOINT, XAPI_KEY, XAPI_SECRET); null: nothing is pushed. */
  lrs: LrsSettings | null;
  log: {
    info: (context: object, message: string) => void;
    error: (context: object, message: string) => void;
  };
}

export interface PushOptions {
  batchSize: number;
  /**
   * How long a pusher holds the mark between two batches; another instance takes it over after that
   * (the holder died). Longer than any one batch may take: the HTTP timeout is half of it.
   */
  leaseSeconds: number;
  /** Who holds the lease: one id per process. */
  owner: string;
}

const processOwner = randomUUID();
const defaultPushOptions: PushOptions = { batchSize: 100, leaseSeconds: 60, owner: processOwner };

interface Mark {
  mark_tx: string;
  mark_position: string;
  mark_ordinal: number;
}

/** Takes the LRS's mark for this owner, unless another holds it and its lease still runs. */
async function claim(db: XapiPushDeps['db'], endpoint: string, options: PushOptions): Promise<Mark | null> {
  await sql`insert into xapi_push_marks (endpoint) values (${endpoint}) on conflict do nothing`.execute(db);
  // The update locks the mark's row: two instances claiming at once are served one after the other.
  const { rows } = await sql<Mark>`
    update xapi_push_marks
      set lease_owner = ${options.owner}, lease_until = now() + make_interval(secs => ${options.leaseSeconds})
      where endpoint = ${endpoint}
        and (lease_owner is null or lease_owner = ${options.owner} or lease_until < now())
      returning mark_tx::text as mark_tx, mark_position::text as mark_position, mark_ordinal`.execute(db);
  return rows[0] ?? null;
}

/**
 * The next statements after the mark, in the order their transactions committed: by the writing
 * transaction of their event, then position. Only transactions older than every one still running
 * are read (DESIGN, Event store), so a statement committed late can never fall behind the mark.
 */
async function nextBatch(db: XapiPushDeps['db'], mark: Mark, batchSize: number) {
  const { rows } = await sql<StatementRow & { tx: string; position: string; ordinal: number }>`
    select s.body, s.stored, s.position::text as position, s.ordinal, e.tx::text as tx
      from xapi_statements s join events e on e.position = s.position
      where (e.tx, s.position, s.ordinal) > (${mark.mark_tx}::xid8, ${mark.mark_position}::bigint, ${mark.mark_ordinal}::int)
        and e.tx < pg_snapshot_xmin(pg_current_snapshot())
      order by e.tx, s.position, s.ordinal
      limit ${batchSize}`.execute(db);
  return rows;
}

/**
 * Pushes every statement not yet delivered to the LRS, batch by batch, and answers how many it
 * delivered. The mark moves only after the LRS has answered, and only while this owner still holds
 * the lease: a batch cut short (the LRS failed, the instance stopped) is sent again by whoever
 * pushes next, and the LRS keeps each statement once, by its id. A failure releases the lease and
 * throws, for pg-boss to retry.
 */
export async function pushStatements(
  deps: XapiPushDeps,
  options: PushOptions = defaultPushOptions,
): Promise<number> {
  const lrs = deps.lrs;
  if (!lrs) return 0;
  const endpoint = lrs.endpoint;
  let delivered = 0;
  const release = () =>
    sql`update xapi_push_marks set lease_owner = null, lease_until = null
        where endpoint = ${endpoint} and lease_owner = ${options.owner}`.execute(deps.db);
  try {
    let mark = await claim(deps.db, endpoint, options);
    while (mark) {
      const batch = await nextBatch(deps.db, mark, options.batchSize);
      if (batch.length === 0) break;
      await sendBatch(
        lrs,
        batch.map((row) => renderStatement(row)),
        {
          timeoutMs: (options.leaseSeconds * 1000) / 2,
          onConflict: (id) =>
            deps.log.error({ statementId: id }, 'xAPI: the LRS holds another statement with this id'),
        },
      );
      const last = batch.at(-1)!;
      const moved = await sql`
        update xapi_push_marks
          set mark_tx = ${last.tx}::xid8, mark_position = ${last.position}::bigint, mark_ordinal = ${last.ordinal},
            pushed = pushed + ${batch.length},
            lease_until = now() + make_interval(secs => ${options.leaseSeconds})
          where endpoint = ${endpoint} and lease_owner = ${options.owner}`.execute(deps.db);
      // The lease ran out and another instance took over: it sends from the mark it found.
      if (Number(moved.numAffectedRows ?? 0) === 0) return delivered;
      delivered += batch.length;
      if (batch.length < options.batchSize) break;
      mark = { mark_tx: last.tx, mark_position: last.position, mark_ordinal: last.ordinal };
    }
  } finally {
    await release();
  }
  if (delivered > 0) deps.log.info({ statements: delivered }, 'xAPI statements pushed to the LRS');
  return delivered;
}

export const XAPI_PUSH_JOB = 'xapi.push';

/**
 * Every minute, across all instances (pg-boss's schedule sends it once; `stately` keeps one waiting
 * and one running): the statements made since the last push go to the configured LRS. Retries back
 * off from 10 s while the LRS is down; the mark keeps what was delivered.
 */
export const xapiPushJob = defineJob({
  name: XAPI_PUSH_JOB,
  schema: z.object({}).passthrough(),
  retryLimit: 5,
  retryDelay: 10,
  policy: 'stately',
  schedule: '* * * * *',
  forgetWhenSettled: true,
  handler: async (_payload: unknown, deps: XapiPushDeps) => {
    await pushStatements(deps);
  },
});
