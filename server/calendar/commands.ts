import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CalendarCommand } from '../../events/calendar/commands';
import { calendarDecider } from '../../events/calendar/decider';
import { calendarStream } from '../../events/calendar/events';
import { type CommandMeta, execute } from '../../events/command';
import { unauthenticated } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { userAccess } from '../../projections/user/users';
import { publicUrlOf } from '../certificate/queries';
import type { Database } from '../db';
import type { Platform } from '../platform';
import { feedTokenHash, feedUrl, newFeedToken } from './feed';

/**
 * Runs one calendar command on the person's own stream: people manage only their own feed and
 * choice, so the actor is the subject and nothing else is asked of them.
 */
async function onOwnCalendar(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  command: (userId: string) => CalendarCommand,
) {
  const userId = actor.userId;
  return execute(platform.pipeline, {
    decider: calendarDecider,
    stream: calendarStream(userId),
    meta,
    authorize: () => {},
    command: async (_state, trx: Transaction<Database>) => {
      // Erased meanwhile: nothing of theirs to change.
      if (!(await userAccess(trx, userId))) throw unauthenticated();
      return command(userId);
    },
  });
}

/**
 * A new private feed address (docs/guide/live-classrooms.md); an earlier one
 * stops in the same transaction. The token leaves the server only in this answer: the event and the
 * read table keep its hash.
 */
export async function issueCalendarFeed(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
): Promise<{ url: string }> {
  const token = newFeedToken();
  await onOwnCalendar(platform, actor, meta, (userId) => ({
    type: 'IssueCalendarFeed',
    data: { userId, feedId: randomUUID(), tokenHash: feedTokenHash(token) },
  }));
  return { url: feedUrl(publicUrlOf(platform), token) };
}

/** The feed's address stops working at once (404 from then on). */
export async function revokeCalendarFeed(platform: Platform, actor: Actor, meta: CommandMeta) {
  await onOwnCalendar(platform, actor, meta, (userId) => ({ type: 'RevokeCalendarFeed', data: { userId } }));
}

/** Reminder mails before live sessions, on or off. */
export async function setLiveReminders(platform: Platform, actor: Actor, meta: CommandMeta, on: boolean) {
  await onOwnCalendar(platform, actor, meta, (userId) => ({
    type: 'SetLiveReminders',
    data: { userId, on },
  }));
}
