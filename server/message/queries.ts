import type { Actor } from '../../events/permissions';
import {
  firstMessages,
  messagesOfThread,
  type ThreadRow,
  threadsAbout,
  threadsOfLearner,
} from '../../projections/message/message-threads';
import { ownersOfModule } from '../../projections/module/module-owners';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';
import { isAdmin } from '../rights/module-rights';
import { answerableThread, ownThread } from './commands';
import { mayAnswer } from './rights';

/** How long a list's preview of the first message is. */
const PREVIEW = 140;

async function moduleNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('module_summaries')
    .select(['module_id', 'name'])
    .where('module_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.module_id, row.name]));
}

async function pageNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('page_summaries')
    .select(['page_id', 'name'])
    .where('page_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.page_id, row.name]));
}

async function courseNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('course_summaries')
    .select(['course_id', 'name'])
    .where('course_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.course_id, row.name]));
}

/** People's names only: a thread never shows anyone's address. */
async function peopleNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'name'])
    .where('user_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.name]));
}

/** What a list shows of each thread: where it was asked, its state and the start of the question. */
async function summaries(db: Db, rows: ThreadRow[]) {
  const ids = rows.map((row) => row.thread_id);
  const [modules, pages, courses, first, learners] = await Promise.all([
    moduleNames(
      db,
      rows.map((row) => row.module_id),
    ),
    pageNames(
      db,
      rows.map((row) => row.page_id),
    ),
    courseNames(
      db,
      rows.flatMap((row) => (row.course_id ? [row.course_id] : [])),
    ),
    firstMessages(db, ids),
    peopleNames(
      db,
      rows.map((row) => row.user_id),
    ),
  ]);
  return rows.map((row) => {
    const text = first.get(row.thread_id) ?? '';
    return {
      thread: row.thread_id,
      module: { path: row.module_path, name: modules.get(row.module_id) ?? row.module_path },
      page: { path: row.page_path, name: pages.get(row.page_id) ?? row.page_path },
      course:
        row.course_id && row.course_path
          ? { path: row.course_path, name: courses.get(row.course_id) ?? row.course_path }
          : null,
      question: row.question,
      status: row.status,
      messages: row.messages,
      unread: Math.max(0, row.replies - row.replies_read),
      answered: row.last_from === 'teacher',
      preview: text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text,
      learner: learners.get(row.user_id) ?? null,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
}

async function detail(db: Db, row: ThreadRow) {
  const [summary] = await summaries(db, [row]);
  const messages = await messagesOfThread(db, row.thread_id);
  const owners = await ownersOfModule(db, row.module_id);
  const names = await peopleNames(db, [...messages.map((message) => message.authorId), ...owners]);
  return {
    ...summary!,
    teachers: owners.flatMap((userId) => (names.has(userId) ? [names.get(userId)!] : [])),
    messages: messages.map((message) => ({
      id: message.position,
      from: message.from,
      author: names.get(message.authorId) ?? null,
      text: message.text,
      at: message.at,
    })),
  };
}

export async function myThreads(platform: Platform, actor: Actor) {
  const db = platform.database.db;
  return summaries(db, await threadsOfLearner(db, actor.userId));
}

export async function myThread(platform: Platform, actor: Actor, threadId: string) {
  return detail(platform.database.db, await ownThread(platform, actor, threadId));
}

/**
 * The threads this person may answer, with the same rule opening one applies (`mayAnswer`): the
 * candidates are those about modules they own or asked in courses they own (every one for the
 * edit right), each then checked.
 */
export async function inbox(platform: Platform, actor: Actor, status: 'open' | 'closed') {
  const db = platform.database.db;
  let rows: ThreadRow[];
  if (isAdmin(actor) || actor.rules.edit) rows = await threadsAbout(db, { all: true }, status);
  else {
    const [modules, courses] = await Promise.all([
      db.selectFrom('module_owners').select('module_id').where('user_id', '=', actor.userId).execute(),
      db.selectFrom('course_owners').select('course_id').where('user_id', '=', actor.userId).execute(),
    ]);
    rows = await threadsAbout(
      db,
      {
        all: false,
        modules: modules.map((row) => row.module_id),
        courses: courses.map((row) => row.course_id),
      },
      status,
    );
  }
  const verdicts = new Map<string, boolean>();
  const kept: ThreadRow[] = [];
  for (const row of rows) {
    const key = `${row.module_id}:${row.course_id ?? ''}`;
    if (!verdicts.has(key)) verdicts.set(key, await mayAnswer(db, actor, row));
    if (verdicts.get(key)) kept.push(row);
  }
  return summaries(db, kept);
}

export async function inboxThread(platform: Platform, actor: Actor, threadId: string) {
  return detail(platform.database.db, await answerableThread(platform, actor, threadId));
}
