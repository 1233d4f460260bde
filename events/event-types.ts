import type { apiClientEventDefinitions } from './api-client/events';
import type { calendarEventDefinitions } from './calendar/events';
import type { certificateEventDefinitions } from './certificate/events';
import type { courseEventDefinitions } from './course/events';
import type { EventOf } from './define';
import type { fileEventDefinitions } from './file/events';
import type { ltiEventDefinitions } from './lti/events';
import type { messageEventDefinitions } from './message/events';
import type { moduleEventDefinitions } from './module/events';
import type { pageEventDefinitions } from './page/events';
import type { resultEventDefinitions } from './result/events';
import type { roleEventDefinitions } from './role/events';
import type { sectionEventDefinitions } from './section/events';
import type { StoredEvent } from './store';
import type { trackingEventDefinitions } from './tracking/events';
import type { userEventDefinitions } from './user/events';

/**
 * Every event the store accepts, as `{ type, data }` with data typed by its current schema: the
 * shape readers see after upcasting. Derived from the same definitions as events/registry.ts, so a
 * new event type is typed as soon as it can be appended.
 */
export type DomainEvent = EventOf<
  | (typeof courseEventDefinitions)[number]
  | (typeof sectionEventDefinitions)[number]
  | (typeof fileEventDefinitions)[number]
  | (typeof userEventDefinitions)[number]
  | (typeof roleEventDefinitions)[number]
  | (typeof moduleEventDefinitions)[number]
  | (typeof pageEventDefinitions)[number]
  | (typeof trackingEventDefinitions)[number]
  | (typeof resultEventDefinitions)[number]
  | (typeof certificateEventDefinitions)[number]
  | (typeof calendarEventDefinitions)[number]
  | (typeof messageEventDefinitions)[number]
  | (typeof apiClientEventDefinitions)[number]
  | (typeof ltiEventDefinitions)[number]
>;

export type EventType = DomainEvent['type'];

/** The data of one event type, as its current schema outputs it. */
export type EventData<T extends EventType> = Extract<DomainEvent, { type: T }>['data'];

/**
 * The stored events of some types, one member per type, so `switch (event.type)` narrows
 * `event.data`. A name outside the registry (or plain `string`) gets untyped data.
 */
export type StoredOf<T extends string> = T extends EventType
  ? StoredEvent<Extract<DomainEvent, { type: T }>>
  : StoredEvent<{ type: T; data: unknown }>;
