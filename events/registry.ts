import { apiClientEventDefinitions } from './api-client/events';
import { calendarEventDefinitions } from './calendar/events';
import { certificateEventDefinitions } from './certificate/events';
import { courseEventDefinitions } from './course/events';
import type { EventDefinition } from './define';
import { invalid, issueKey } from './errors';
import { fileEventDefinitions } from './file/events';
import { ltiEventDefinitions } from './lti/events';
import { messageEventDefinitions } from './message/events';
import { moduleEventDefinitions } from './module/events';
import { pageEventDefinitions } from './page/events';
import { resultEventDefinitions } from './result/events';
import { roleEventDefinitions } from './role/events';
import { sectionEventDefinitions } from './section/events';
import { trackingEventDefinitions } from './tracking/events';
import { userEventDefinitions } from './user/events';

/** Every event type the store accepts. A type not listed here cannot be appended. */
const definitions: EventDefinition[] = [
  ...courseEventDefinitions,
  ...sectionEventDefinitions,
  ...fileEventDefinitions,
  ...userEventDefinitions,
  ...roleEventDefinitions,
  ...moduleEventDefinitions,
  ...pageEventDefinitions,
  ...trackingEventDefinitions,
  ...resultEventDefinitions,
  ...certificateEventDefinitions,
  ...calendarEventDefinitions,
  ...messageEventDefinitions,
  ...apiClientEventDefinitions,
  ...ltiEventDefinitions,
];

const byType = new Map(definitions.map((definition) => [definition.type, definition]));

export function eventDefinition(type: string): EventDefinition {
  const definition = byType.get(type);
  if (!definition) throw invalid('errors.unknownEventType', [], { type });
  return definition;
}

/** Validates data against the current schema of its type; the parsed (stripped) data is what gets stored. */
export function validateEventData(type: string, data: unknown): unknown {
  const result = eventDefinition(type).schema.safeParse(data);
  if (!result.success) {
    throw invalid(
      'errors.invalidEvent',
      result.error.issues.map((issue) => ({ path: issue.path.join('.'), key: issueKey(issue.message) })),
      { type },
    );
  }
  return result.data;
}

/** Brings stored data of an older schema version up to the current one. */
export function upcast(type: string, schemaVersion: number, data: unknown): unknown {
  return applyUpcasters(eventDefinition(type), schemaVersion, data);
}

export function applyUpcasters(definition: EventDefinition, schemaVersion: number, data: unknown): unknown {
  const type = definition.type;
  let current = data;
  for (let version = schemaVersion; version < definition.schemaVersion; version++) {
    const up = definition.upcasters[version];
    if (!up) throw new Error(`No upcaster for ${type} from schema version ${version}`);
    current = up(current);
  }
  return current;
}
