import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema } from '../shared/fields';

/** The longest message a learner or a teacher may write in a thread. */
export const MESSAGE_MAX = 2000;

/**
 * Every message of a thread is about the learner who asked (it names their doubt, and a reply may
 * quote it), so each text is sealed with the learner's key, as a teacher's feedback is: erasing the
 * learner makes the whole conversation unreadable. `userId` is always the learner.
 */
const sealedText = { personal: { subject: 'userId', fields: ['text'] } };

const threadRef = { threadId: z.uuid(), userId: z.string().min(1).max(200) };
const messageText = z.string().min(1).max(MESSAGE_MAX);
/** Who the message was sent to: the owners of the module and of the course it was asked in. */
const recipients = z.array(z.string().min(1).max(200)).max(200);

/**
 * A learner asked the teachers of a module a question about one of its pages (and one question of
 * that page, when asked from it), opening a thread. Ids for what stays when a path changes, paths
 * for what the history and the data export read.
 */
export const QuestionAsked = defineEvent(
  'QuestionAsked',
  z.object({
    ...threadRef,
    moduleId: z.uuid(),
    modulePath: pathSchema,
    pageId: z.uuid(),
    pagePath: pathSchema,
    courseId: z.uuid().nullable(),
    coursePath: pathSchema.nullable(),
    question: z.string().min(1).max(200).nullable(),
    text: messageText,
    to: recipients,
  }),
  sealedText,
);

/** The learner added a message to their open thread. */
export const QuestionFollowedUp = defineEvent(
  'QuestionFollowedUp',
  z.object({ ...threadRef, text: messageText, to: recipients }),
  sealedText,
);

/** Someone who teaches the module answered in the thread. */
export const QuestionReplied = defineEvent(
  'QuestionReplied',
  z.object({ ...threadRef, repliedBy: z.string().min(1).max(200), text: messageText }),
  sealedText,
);

/** The learner read the thread's replies, the first `replies` of them: the rest are unread. */
export const RepliesRead = defineEvent(
  'RepliesRead',
  z.object({ ...threadRef, replies: z.number().int().min(1) }),
);

/** Someone who teaches the module closed the thread: no more messages in it. */
export const ThreadClosed = defineEvent(
  'ThreadClosed',
  z.object({ ...threadRef, closedBy: z.string().min(1).max(200) }),
);

export const messageEventDefinitions = [
  QuestionAsked,
  QuestionFollowedUp,
  QuestionReplied,
  RepliesRead,
  ThreadClosed,
];
export type MessageEvent =
  | EventOf<typeof QuestionAsked>
  | EventOf<typeof QuestionFollowedUp>
  | EventOf<typeof QuestionReplied>
  | EventOf<typeof RepliesRead>
  | EventOf<typeof ThreadClosed>;

export const threadStream = (threadId: string) => `message_thread-${threadId}`;
