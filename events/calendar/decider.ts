import { assertNever, type Decider } from '../decider';
import { notFound } from '../errors';
import type { CalendarCommand } from './commands';
import type { CalendarEvent } from './events';

export interface CalendarState {
  /** The feed whose address works, if any. */
  feedId: string | null;
  reminders: boolean;
}

function decide(command: CalendarCommand, state: CalendarState): CalendarEvent[] {
  switch (command.type) {
    case 'IssueCalendarFeed': {
      const { userId, feedId, tokenHash } = command.data;
      const issued: CalendarEvent = { type: 'CalendarFeedIssued', data: { userId, feedId, tokenHash } };
      return state.feedId === null
        ? [issued]
        : [{ type: 'CalendarFeedRevoked', data: { userId, feedId: state.feedId } }, issued];
    }
    case 'RevokeCalendarFeed': {
      if (state.feedId === null) throw notFound('calendarFeed.none');
      return [{ type: 'CalendarFeedRevoked', data: { userId: command.data.userId, feedId: state.feedId } }];
    }
    case 'SetLiveReminders': {
      const { userId, on } = command.data;
      // Asking for what already holds says nothing new.
      if (on === state.reminders) return [];
      return [{ type: on ? 'LiveRemindersTurnedOn' : 'LiveRemindersTurnedOff', data: { userId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: CalendarState, event: CalendarEvent): CalendarState {
  switch (event.type) {
    case 'CalendarFeedIssued':
      return { ...state, feedId: event.data.feedId };
    case 'CalendarFeedRevoked':
      return { ...state, feedId: state.feedId === event.data.feedId ? null : state.feedId };
    case 'LiveRemindersTurnedOn':
      return { ...state, reminders: true };
    case 'LiveRemindersTurnedOff':
      return { ...state, reminders: false };
    default:
      return assertNever(event);
  }
}

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: () => ({ feedId: null, reminders: false }),
  evolve,
  decide,
};
