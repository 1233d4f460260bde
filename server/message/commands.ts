import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { DomainError, invalid, notFound } from '../../events/errors';
import type { askQuestionSchema, MessageCommand } from '../../events/message/commands';
import { messageDecider } from '../../events/message/decider';
import { threadStream } from '../../events/message/events';
import type { Actor } from '../../events/permissions';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath } from '../../projections/course/course-summaries';
import { findThread } from '../../projections/message/message-threads';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { actorFor } from '../auth/actor';
import { hit } from '../auth/rate-limit';
import { visiblePage } from '../page/queries';
import type { Platform } from '../platform';
import { coursesListingModule, mayAnswer } from './rights';

/** Questions one person may ask per hour, over all modules: enough to learn, too few to flood teachers. */
const QUESTIONS_PER_HOUR = 10;

async function limitQuestions(platform: Platform, actor: Actor, now: Date) {
  try {
    await hit(
      platform.database.db,
      platform.keys.limitSecret,
      `question:${actor.userId}`,
      QUESTIONS_PER_HOUR,
      3600,
      now,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'RATE_LIMITED')
      throw new DomainError('RATE_LIMITED', 'messages.errors.tooMany', { count: QUESTIONS_PER_HOUR });
    throw error;
  }
}

/**
 * A learner asks the teachers of the page they may open: the module's owners, and the owners of the
 * course it was opened in who teach it through that course. A page they may not open is not found.
 */
export async function askQuestion(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  input: z.output<typeof askQuestionSchema>,
) {
  const db = platform.database.db;
  const page = await visiblePage(db, actor, input.page);
  const module = await findModuleByPath(db, page.parentPath);
  if (!module) throw notFound('page.notFound');
  if (
    input.question !== null &&
    !page.content.some((element) => 'name' in element && element.name === input.question)
  )
    throw invalid('messages.errors.noSuchQuestion', [
      { path: 'question', key: 'messages.errors.noSuchQuestion' },
    ]);
  const courseId =
    input.course !== null && (await coursesListingModule(db, module.path)).includes(input.course)
      ? await courseIdByPath(db, input.course)
      : null;
  const moduleOwners = await ownersOfModule(db, module.moduleId);
  const courseTeachers: string[] = [];
  if (courseId) {
    for (const userId of await ownersOfCourse(db, courseId)) {
      const access = await actorFor(platform, userId);
      if (access && (await mayAnswer(db, access, { module_id: module.moduleId, course_id: courseId })))
        courseTeachers.push(userId);
    }
  }
  const to = [...new Set([...moduleOwners, ...courseTeachers])].filter((userId) => userId !== actor.userId);
  await limitQuestions(platform, actor, meta.now);
  const threadId = uuidv7();
  await execute(platform.pipeline, {
    decider: messageDecider,
    stream: threadStream(threadId),
    meta,
    authorize: () => {},
    command: (): MessageCommand => ({
      type: 'AskQuestion',
      data: {
        threadId,
        userId: actor.userId,
        moduleId: module.moduleId,
        modulePath: module.path,
        pageId: page.pageId,
        pagePath: page.path,
        courseId,
        coursePath: courseId ? input.course : null,
        question: input.question,
        text: input.text,
        to,
      },
    }),
  });
  return { thread: threadId };
}

/** The learner's own thread, else not found: another learner's thread does not reveal it exists. */
export async function ownThread(platform: Platform, actor: Actor, threadId: string) {
  const thread = await findThread(platform.database.db, threadId);
  if (!thread || thread.user_id !== actor.userId) throw notFound('messages.errors.notFound');
  return thread;
}

/** A thread its teachers may answer, else not found (the same for a thread that does not exist). */
export async function answerableThread(platform: Platform, actor: Actor, threadId: string) {
  const db = platform.database.db;
  const thread = await findThread(db, threadId);
  if (!thread || !(await mayAnswer(db, actor, thread))) throw notFound('messages.errors.notFound');
  return thread;
}

function onThread(platform: Platform, meta: CommandMeta, threadId: string, command: MessageCommand) {
  return execute(platform.pipeline, {
    decider: messageDecider,
    stream: threadStream(threadId),
    meta,
    authorize: () => {},
    command: () => command,
  });
}

export async function followUp(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  threadId: string,
  text: string,
) {
  await ownThread(platform, actor, threadId);
  await onThread(platform, meta, threadId, {
    type: 'FollowUpQuestion',
    data: { userId: actor.userId, text },
  });
}

export async function markRead(platform: Platform, actor: Actor, meta: CommandMeta, threadId: string) {
  await ownThread(platform, actor, threadId);
  const { events } = await onThread(platform, meta, threadId, {
    type: 'MarkRepliesRead',
    data: { userId: actor.userId },
  });
  return { recorded: events.length > 0 };
}

export async function reply(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  threadId: string,
  text: string,
) {
  await answerableThread(platform, actor, threadId);
  await onThread(platform, meta, threadId, {
    type: 'ReplyToQuestion',
    data: { repliedBy: actor.userId, text },
  });
}

export async function closeThread(platform: Platform, actor: Actor, meta: CommandMeta, threadId: string) {
  await answerableThread(platform, actor, threadId);
  await onThread(platform, meta, threadId, { type: 'CloseThread', data: { closedBy: actor.userId } });
}
