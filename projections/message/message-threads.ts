import type { ColumnType, Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** "Which threads has this learner, which reach this teacher, and where do they stand": one row per thread. */
export interface MessageThreadsTable {
  thread_id: string;
  user_id: string;
  module_id: string;
  module_path: string;
  page_id: string;
  page_path: string;
  course_id: string | null;
  course_path: string | null;
  question: string | null;
  status: 'open' | 'closed';
  messages: number;
  replies: number;
  replies_read: number;
  /** Who wrote last: a thread whose last word is the learner's waits for an answer. */
  last_from: 'learner' | 'teacher';
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

/** "What was said in this thread": one row per message, in the log's order. */
export interface ThreadMessagesTable {
  position: ColumnType<string, number, never>;
  thread_id: string;
  author_id: string;
  from: 'learner' | 'teacher';
  /** Null once the learner's key is gone (a rebuild after their erasure reads nothing). */
  text: string | null;
  at: ColumnType<Date, string, never>;
}

export interface MessageTables {
  message_threads: MessageThreadsTable;
  thread_messages: ThreadMessagesTable;
}

const handles = [
  'QuestionAsked',
  'QuestionFollowedUp',
  'QuestionReplied',
  'RepliesRead',
  'ThreadClosed',
  'UserDeleted',
] as const;
type Handled = (typeof handles)[number];

async function addMessage(
  trx: Transaction<MessageTables>,
  event: StoredOf<'QuestionAsked' | 'QuestionFollowedUp' | 'QuestionReplied'>,
  authorId: string,
  from: 'learner' | 'teacher',
) {
  const at = event.meta.at;
  // A text sealed with an erased learner's key opens as null.
  const text: string | null = event.data.text ?? null;
  await trx
    .insertInto('thread_messages')
    .values({ position: event.position, thread_id: event.data.threadId, author_id: authorId, from, text, at })
    .onConflict((conflict) => conflict.column('position').doNothing())
    .execute();
}

async function apply(trx: Transaction<MessageTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  switch (event.type) {
    case 'QuestionAsked': {
      const { data } = event;
      await trx
        .insertInto('message_threads')
        .values({
          thread_id: data.threadId,
          user_id: data.userId,
          module_id: data.moduleId,
          module_path: data.modulePath,
          page_id: data.pageId,
          page_path: data.pagePath,
          course_id: data.courseId,
          course_path: data.coursePath,
          question: data.question,
          status: 'open',
          messages: 1,
          replies: 0,
          replies_read: 0,
          last_from: 'learner',
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column('thread_id').doNothing())
        .execute();
      await addMessage(trx, event, data.userId, 'learner');
      return;
    }
    case 'QuestionFollowedUp':
    case 'QuestionReplied': {
      const teacher = event.type === 'QuestionReplied';
      await addMessage(
        trx,
        event,
        teacher ? event.data.repliedBy : event.data.userId,
        teacher ? 'teacher' : 'learner',
      );
      const counts = await trx
        .selectFrom('thread_messages')
        .select((eb) => [
          eb.fn.countAll<number>().as('messages'),
          eb.fn.count<number>('position').filterWhere('from', '=', 'teacher').as('replies'),
        ])
        .where('thread_id', '=', event.data.threadId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('message_threads')
        .set({
          messages: Number(counts.messages),
          replies: Number(counts.replies),
          last_from: teacher ? 'teacher' : 'learner',
          updated_at: at,
        })
        .where('thread_id', '=', event.data.threadId)
        .execute();
      return;
    }
    case 'RepliesRead':
      await trx
        .updateTable('message_threads')
        .set({ replies_read: event.data.replies })
        .where('thread_id', '=', event.data.threadId)
        .execute();
      return;
    case 'ThreadClosed':
      await trx
        .updateTable('message_threads')
        .set({ status: 'closed', updated_at: at })
        .where('thread_id', '=', event.data.threadId)
        .execute();
      return;
    case 'UserDeleted': {
      // The learner's threads go with them; a teacher's replies in others' threads stay.
      const threads = trx
        .selectFrom('message_threads')
        .select('thread_id')
        .where('user_id', '=', event.data.userId);
      await trx.deleteFrom('thread_messages').where('thread_id', 'in', threads).execute();
      await trx.deleteFrom('message_threads').where('user_id', '=', event.data.userId).execute();
      return;
    }
  }
}

export const messageThreads: Projection<MessageTables, Handled> = {
  name: 'message_threads',
  version: 1,
  tables: ['message_threads', 'thread_messages'],
  handles,
  apply,
};

export type ThreadRow = Omit<MessageThreadsTable, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
};

export async function findThread(db: Db, threadId: string): Promise<ThreadRow | null> {
  return (
    (await db
      .selectFrom('message_threads')
      .selectAll()
      .where('thread_id', '=', threadId)
      .executeTakeFirst()) ?? null
  );
}

export async function threadsOfLearner(db: Db, userId: string): Promise<ThreadRow[]> {
  return db
    .selectFrom('message_threads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .limit(500)
    .execute();
}

/** Threads about these modules or asked in these courses (every thread when `all`), newest first. */
export async function threadsAbout(
  db: Db,
  scope: { all: true } | { all: false; modules: readonly string[]; courses: readonly string[] },
  status: 'open' | 'closed',
): Promise<ThreadRow[]> {
  if (!scope.all && scope.modules.length === 0 && scope.courses.length === 0) return [];
  let query = db.selectFrom('message_threads').selectAll().where('status', '=', status);
  if (!scope.all) {
    const { modules, courses } = scope;
    query = query.where((eb) =>
      eb.or([
        ...(modules.length > 0 ? [eb('module_id', 'in', [...modules])] : []),
        ...(courses.length > 0 ? [eb('course_id', 'in', [...courses])] : []),
      ]),
    );
  }
  return query.orderBy('updated_at', 'desc').limit(500).execute();
}

export interface ThreadMessage {
  position: number;
  authorId: string;
  from: 'learner' | 'teacher';
  text: string | null;
  at: string;
}

export async function messagesOfThread(db: Db, threadId: string): Promise<ThreadMessage[]> {
  const rows = await db
    .selectFrom('thread_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    position: Number(row.position),
    authorId: row.author_id,
    from: row.from,
    text: row.text,
    at: new Date(row.at).toISOString(),
  }));
}

/** The first message of each thread, for a list's preview. */
export async function firstMessages(
  db: Db,
  threadIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('thread_messages')
    .select(['thread_id', 'text'])
    .distinctOn('thread_id')
    .where('thread_id', 'in', [...threadIds])
    .orderBy('thread_id')
    .orderBy('position')
    .execute();
  return new Map(rows.map((row) => [row.thread_id, row.text]));
}
