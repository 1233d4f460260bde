import { z } from 'zod';
import { askQuestionSchema, threadInputSchema, threadMessageSchema } from '../../events/message/commands';
import { successOutput } from '../outputs';
import { metaOf, router, signedInProcedure } from '../trpc';
import { askQuestion, closeThread, followUp, markRead, reply } from './commands';
import {
  askedOutput,
  inboxOutput,
  inboxThreadOutput,
  myThreadOutput,
  myThreadsOutput,
  readOutput,
} from './outputs';
import { inbox, inboxThread, myThread, myThreads } from './queries';

/**
 * "Ask the teacher" (docs/guide/messages.md): a learner's side (ask, their threads, follow up) and
 * the side of who teaches the module (inbox, reply, close). Every thread a caller may not reach
 * reads as not found.
 */
export const messageRouter = router({
  ask: signedInProcedure
    .input(askQuestionSchema)
    .output(askedOutput)
    .mutation(({ ctx, input }) => askQuestion(ctx.platform, ctx.actor, metaOf(ctx), input)),
  mine: signedInProcedure.output(myThreadsOutput).query(({ ctx }) => myThreads(ctx.platform, ctx.actor)),
  thread: signedInProcedure
    .input(threadInputSchema)
    .output(myThreadOutput)
    .query(({ ctx, input }) => myThread(ctx.platform, ctx.actor, input.thread)),
  followUp: signedInProcedure
    .input(threadMessageSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await followUp(ctx.platform, ctx.actor, metaOf(ctx), input.thread, input.text);
      return { success: true };
    }),
  markRead: signedInProcedure
    .input(threadInputSchema)
    .output(readOutput)
    .mutation(async ({ ctx, input }) => ({
      success: true,
      ...(await markRead(ctx.platform, ctx.actor, metaOf(ctx), input.thread)),
    })),
  inbox: signedInProcedure
    .input(z.object({ status: z.enum(['open', 'closed']).default('open') }))
    .output(inboxOutput)
    .query(({ ctx, input }) => inbox(ctx.platform, ctx.actor, input.status)),
  inboxThread: signedInProcedure
    .input(threadInputSchema)
    .output(inboxThreadOutput)
    .query(({ ctx, input }) => inboxThread(ctx.platform, ctx.actor, input.thread)),
  reply: signedInProcedure
    .input(threadMessageSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await reply(ctx.platform, ctx.actor, metaOf(ctx), input.thread, input.text);
      return { success: true };
    }),
  close: signedInProcedure
    .input(threadInputSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await closeThread(ctx.platform, ctx.actor, metaOf(ctx), input.thread);
      return { success: true };
    }),
});
