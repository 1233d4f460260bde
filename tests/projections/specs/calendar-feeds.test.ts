import { describe, it } from 'vitest';
import { calendarFeedsProjection } from '../../../projections/calendar/calendar-feeds';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';
import { aUser } from './fixtures';

const feedA = '7d8e1f4a-0b7c-4c8e-9a53-2b1c0f6a9e01';
const feedB = '7d8e1f4a-0b7c-4c8e-9a53-2b1c0f6a9e02';

function calendarOf(userId: string) {
  const stream = `calendar-${userId}`;
  return {
    issued: (feedId: string, digit: string, at = '2026-11-29T10:00:00.000Z') =>
      event('CalendarFeedIssued', { userId, feedId, tokenHash: digit.repeat(64) }, { stream, at }),
    revoked: (feedId: string) => event('CalendarFeedRevoked', { userId, feedId }, { stream }),
    on: (at = '2026-11-29T11:00:00.000Z') => event('LiveRemindersTurnedOn', { userId }, { stream, at }),
    off: () => event('LiveRemindersTurnedOff', { userId }, { stream }),
  };
}

describe.each(databaseKinds)('calendar_feeds on %s', (kind) => {
  const spec = projectionSpec(calendarFeedsProjection, kind);
  const ann = aUser('ann');
  const bob = aUser('bob');
  const annCalendar = calendarOf('ann');
  const bobCalendar = calendarOf('bob');

  it('a feed is a row by its hash; replaced, the new one is the only row', () =>
    spec
      .given(ann.created(), annCalendar.issued(feedA, 'a'))
      .when(annCalendar.revoked(feedA), annCalendar.issued(feedB, 'b', '2026-11-29T12:00:00.000Z'))
      .thenRows({
        calendar_feeds: [
          {
            token_hash: 'b'.repeat(64),
            feed_id: feedB,
            user_id: 'ann',
            issued_at: '2026-11-29T12:00:00.000Z',
          },
        ],
      }));

  it('a revoked feed leaves no row', () =>
    spec
      .given(ann.created(), annCalendar.issued(feedA, 'a'))
      .when(annCalendar.revoked(feedA))
      .thenRows({ calendar_feeds: [] }));

  it('reminders asked for are a row until turned off', () =>
    spec
      .given(ann.created(), bob.created(), annCalendar.on(), bobCalendar.on())
      .when(bobCalendar.off())
      .thenRows({ live_reminder_choices: [{ user_id: 'ann', since: '2026-11-29T11:00:00.000Z' }] }));

  it('an erased person’s feed and choice go, the others’ stay', () =>
    spec
      .given(
        ann.created(),
        bob.created(),
        annCalendar.issued(feedA, 'a'),
        bobCalendar.issued(feedB, 'b'),
        annCalendar.on(),
      )
      .when(ann.deleted())
      .thenRows({ calendar_feeds: [{ user_id: 'bob' }], live_reminder_choices: [] }));
});
