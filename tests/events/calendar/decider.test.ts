import { describe, it } from 'vitest';
import { calendarDecider } from '../../../events/calendar/decider';
import type { CalendarEvent } from '../../../events/calendar/events';
import { deciderSpec } from '../decider-spec';

const given = deciderSpec(calendarDecider);
const userId = 'user-1';
const first = '7d8e1f4a-0b7c-4c8e-9a53-2b1c0f6a9e01';
const second = '7d8e1f4a-0b7c-4c8e-9a53-2b1c0f6a9e02';
const hash = (digit: string) => digit.repeat(64);
const issued = (feedId: string, tokenHash: string): CalendarEvent => ({
  type: 'CalendarFeedIssued',
  data: { userId, feedId, tokenHash },
});

describe('calendar decider', () => {
  it('issues a first feed', () =>
    given([])
      .when({ type: 'IssueCalendarFeed', data: { userId, feedId: first, tokenHash: hash('a') } })
      .thenEvents([issued(first, hash('a'))]));

  it('replacing a feed revokes the old one in the same decision', () =>
    given([issued(first, hash('a'))])
      .when({ type: 'IssueCalendarFeed', data: { userId, feedId: second, tokenHash: hash('b') } })
      .thenEvents([
        { type: 'CalendarFeedRevoked', data: { userId, feedId: first } },
        issued(second, hash('b')),
      ]));

  it('revokes the working feed', () =>
    given([issued(first, hash('a'))])
      .when({ type: 'RevokeCalendarFeed', data: { userId } })
      .thenEvents([{ type: 'CalendarFeedRevoked', data: { userId, feedId: first } }]));

  it('refuses to revoke when no feed works', () => {
    given([])
      .when({ type: 'RevokeCalendarFeed', data: { userId } })
      .thenThrows('NOT_FOUND', 'calendarFeed.none');
    given([issued(first, hash('a')), { type: 'CalendarFeedRevoked', data: { userId, feedId: first } }])
      .when({ type: 'RevokeCalendarFeed', data: { userId } })
      .thenThrows('NOT_FOUND', 'calendarFeed.none');
  });

  it('turns reminders on and off, and a repeat says nothing', () => {
    given([])
      .when({ type: 'SetLiveReminders', data: { userId, on: true } })
      .thenEvents([{ type: 'LiveRemindersTurnedOn', data: { userId } }]);
    given([])
      .when({ type: 'SetLiveReminders', data: { userId, on: false } })
      .thenEvents([]);
    given([{ type: 'LiveRemindersTurnedOn', data: { userId } }])
      .when({ type: 'SetLiveReminders', data: { userId, on: true } })
      .thenEvents([]);
    given([{ type: 'LiveRemindersTurnedOn', data: { userId } }])
      .when({ type: 'SetLiveReminders', data: { userId, on: false } })
      .thenEvents([{ type: 'LiveRemindersTurnedOff', data: { userId } }]);
  });
});
