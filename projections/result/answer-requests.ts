import { sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import { rowsOf } from '../db';
import type { Projection } from '../projection';

/**
 * "Was this save already applied?": the idempotency key of every participant's request that
 * appended answers or drafts, per stream (a save may append to the answers' stream and the drafts'
 * stream, each in its own transaction, and a retry must still apply the part that failed). The
 * command handler reads it under the stream's lock; the keys live in the events themselves, so a
 * rebuild reproduces this table.
 */
export interface AnswerRequestsTable {
  user_id: string;
  idempotency_key: string;
  stream: string;
}

export interface AnswerRequestTables {
  answer_requests: AnswerRequestsTable;
}

const handles = ['AnswerSaved', 'AnswerDrafted', 'UserDeleted'] as const;
type Handled = (typeof handles)[number];
type Keyed = StoredOf<Exclude<Handled, 'UserDeleted'>>;

/** The distinct (user, key, stream) of a run: one request appends one event per question it changed. */
function requestsOf(events: Keyed[]): Record<string, string>[] {
  const rows = new Map<string, Record<string, string>>();
  for (const stored of events) {
    const { data } = stored;
    if (!data.idempotencyKey) continue;
    const row = { user_id: data.userId, idempotency_key: data.idempotencyKey, stream: stored.stream };
    rows.set(JSON.stringify([data.userId, data.idempotencyKey, stored.stream]), row);
  }
  return [...rows.values()];
}

async function applyRun(trx: Transaction<AnswerRequestTables>, events: Keyed[]) {
  const rows = requestsOf(events);
  if (rows.length === 0) return;
  // Several events of one request share its key: the first one recorded it (also in a rebuild).
  await sql`
    insert into answer_requests (user_id, idempotency_key, stream)
    select user_id, idempotency_key, stream from ${rowsOf('answer_requests', rows)}
    on conflict do nothing`.execute(trx);
}

async function apply(trx: Transaction<AnswerRequestTables>, stored: StoredOf<Handled>) {
  if (stored.type === 'UserDeleted') {
    await trx.deleteFrom('answer_requests').where('user_id', '=', stored.data.userId).execute();
    return;
  }
  await applyRun(trx, [stored]);
}

export const answerRequests: Projection<AnswerRequestTables, Handled> = {
  name: 'answer_requests',
  version: 1,
  tables: ['answer_requests'],
  handles,
  apply,
  runs: ['AnswerSaved', 'AnswerDrafted'],
  applyRun,
};

/** The streams to which a participant's request with this key was already applied. */
export async function streamsOfRequest(db: Db, userId: string, idempotencyKey: string): Promise<string[]> {
  const rows = await db
    .selectFrom('answer_requests')
    .select('stream')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
  return rows.map((row) => row.stream);
}
