import { z } from 'zod';

/**
 * A message in an "ask the teacher" thread, told to one person: a question or a follow-up to each
 * teacher it was sent to, a reply to the learner. By ids only: the names, the page and the link are
 * looked up when sending, and the message's text never travels in a mail (it is sealed data).
 */
export const threadMailSchema = z.object({
  kind: z.literal('thread'),
  userId: z.string().min(1),
  threadId: z.uuid(),
  about: z.enum(['asked', 'followedUp', 'replied']),
  authorId: z.string().min(1),
  eventPosition: z.number().int().positive(),
});
export type ThreadMail = z.infer<typeof threadMailSchema>;
