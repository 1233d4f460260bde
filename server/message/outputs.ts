import { z } from 'zod';

const named = z.object({ path: z.string(), name: z.string() });

/** A thread as a list shows it; `learner` (the asker's name) only to who answers it. */
const threadSummary = z.object({
  thread: z.string(),
  module: named,
  page: named,
  course: named.nullable(),
  question: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  messages: z.number(),
  /** Replies the learner has not read yet. */
  unread: z.number(),
  /** The last word is a teacher's. */
  answered: z.boolean(),
  preview: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const message = z.object({
  id: z.number(),
  from: z.enum(['learner', 'teacher']),
  /** The author's name (null once erased); never an address. */
  author: z.string().nullable(),
  text: z.string().nullable(),
  at: z.string(),
});

const threadDetail = threadSummary.extend({
  /** The names of the module's owners: whom the learner is talking to. */
  teachers: z.array(z.string()),
  messages: z.array(message),
});

export const myThreadsOutput = z.array(threadSummary);
export const myThreadOutput = threadDetail;
export const inboxOutput = z.array(threadSummary.extend({ learner: z.string().nullable() }));
export const inboxThreadOutput = threadDetail.extend({ learner: z.string().nullable() });
export const askedOutput = z.object({ thread: z.string() });
export const readOutput = z.object({ success: z.boolean(), recorded: z.boolean() });
