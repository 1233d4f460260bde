import { z } from 'zod';
import { pathSchema, requiredText } from '../shared/fields';
import { MESSAGE_MAX } from './events';

/** The learner's form and the teacher's reply box: the same text rule in the browser and on the server. */
const messageTextSchema = requiredText(MESSAGE_MAX);

export const askQuestionSchema = z.object({
  page: pathSchema,
  /** The course the page was opened in, when it was. */
  course: pathSchema.nullable().default(null),
  /** The question element of the page it was asked from, when it was. */
  question: z.string().min(1).max(200).nullable().default(null),
  text: messageTextSchema,
});

export const threadInputSchema = z.object({ thread: z.uuid() });
export const threadMessageSchema = threadInputSchema.extend({ text: messageTextSchema });

interface Asked {
  threadId: string;
  userId: string;
  moduleId: string;
  modulePath: string;
  pageId: string;
  pagePath: string;
  courseId: string | null;
  coursePath: string | null;
  question: string | null;
  text: string;
  to: string[];
}

export type MessageCommand =
  | { type: 'AskQuestion'; data: Asked }
  | { type: 'FollowUpQuestion'; data: { userId: string; text: string } }
  | { type: 'ReplyToQuestion'; data: { repliedBy: string; text: string } }
  | { type: 'MarkRepliesRead'; data: { userId: string } }
  | { type: 'CloseThread'; data: { closedBy: string } };
