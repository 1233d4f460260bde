import { z } from 'zod';
import { notFound } from '../../events/errors';
import { securityEvent } from '../ops/security-events';
import { sessionOfActor } from '../plugins/request-actor';
import { router, signedInProcedure } from '../trpc';
import { deviceNameOf } from './devices';
import { sessionOutput } from './outputs';
import { activeSessions, endAllSessions, endSession } from './sessions';

const sessionIdSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,99}$/, 'validation.invalid') });

/**
 * 'Your sessions': the signed-in person's own sessions, and ending them. Nobody sees or ends anyone
 * else's: every call reads and deletes only rows of the caller's user id.
 */
export const sessionRouter = router({
  /** The sessions still running, this request's first (`current`), then the most recently used. */
  list: signedInProcedure.output(z.array(sessionOutput)).query(async ({ ctx }) => {
    const current = sessionOfActor(ctx.actor);
    const sessions = await activeSessions(ctx.platform.database.db, ctx.actor.userId);
    const ordered = [
      ...sessions.filter((session) => session.familyId === current),
      ...sessions.filter((session) => session.familyId !== current),
    ];
    return ordered.map((session) => ({
      id: session.familyId,
      current: session.familyId === current,
      kind: session.kind,
      ...deviceNameOf(session.userAgent),
      place: session.place,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      keepSignedIn: session.keepSignedIn,
    }));
  }),

  /** Signs one session out: its refresh cookie and its ID tokens stop working at once. */
  end: signedInProcedure
    .input(sessionIdSchema)
    .output(z.object({ current: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const current = sessionOfActor(ctx.actor) === input.id;
      if (!(await endSession(ctx.platform.database.db, ctx.actor.userId, input.id)))
        throw notFound('sessions.notFound');
      securityEvent(ctx.platform.log, 'session-revoked', {
        userId: ctx.actor.userId,
        reason: current ? 'signed-out-here' : 'signed-out-elsewhere',
        requestId: ctx.requestId,
      });
      return { current };
    }),

  /** 'Sign out everywhere': every session of the account ends, this one included. */
  endAll: signedInProcedure.output(z.object({ ended: z.number() })).mutation(async ({ ctx }) => {
    const ended = await endAllSessions(ctx.platform.database.db, ctx.actor.userId);
    securityEvent(ctx.platform.log, 'sessions-revoked', {
      userId: ctx.actor.userId,
      reason: 'signed-out-everywhere',
      sessions: ended,
      requestId: ctx.requestId,
    });
    return { ended };
  }),
});
