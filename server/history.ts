import { defaultCertificateConfig } from '../events/certificate/config';
import type { Decider } from '../events/decider';
import type { Actor } from '../events/permissions';
import type { NewEvent, StoredEvent } from '../events/store';
import { findUsersByIds } from '../projections/user/users';
import type { Db } from './db/tables';
import { asSeenBy } from './user/queries';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** What a linked or unlinked item was: its kind, path and (when it still exists) name. */
export interface HistoryTarget {
  kind: 'course' | 'module' | 'file';
  path: string;
  name: string | null;
}

export interface HistoryEntry {
  version: number;
  type: string;
  actorId: string | null;
  at: string;
  changes: FieldChange[];
  /** The item's name right after the event (right before it for a deletion). */
  item: string | null;
  /** The person the event is about (a teacher added, a user linked): named in `people`. */
  personId: string | null;
  /** What a …Linked / …Unlinked event linked. */
  target: HistoryTarget | null;
  /** A reorder: the order before and after, as names where known (else paths). */
  order: { before: string[]; after: string[] } | null;
  /** Other values a sentence names (minutes of a countdown, roles). */
  values: Record<string, string | number | string[]>;
  /** The display names of the people this entry mentions (actor and person), as the viewer may see them. */
  people: Record<string, string>;
}

/** An item's image ({ name, alt }): one field in a history, so setting it reads as one change. */
const isImage = (value: object) => {
  const keys = Object.keys(value).sort();
  return keys.length === 2 && keys[0] === 'alt' && keys[1] === 'name';
};

/** Flattens a state into dotted fields, so a change reads as `details.name: A → B`. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || isImage(value)) {
    return { [prefix]: value };
  }
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, unknown>>(
    (fields, [key, inner]) => Object.assign(fields, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

function diff(before: unknown, after: unknown): FieldChange[] {
  const from = flatten(before);
  const to = flatten(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (field) => field !== 'status',
  );
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, from: from[field] ?? null, to: to[field] ?? null }));
}

/**
 * The changes an event made. An item that keeps a draft beside its live state (a page,
 * docs/adr/0019-drafts-of-live-content.md): a saved draft reads as its changes against the draft before
 * it (or the live item when there was none), a publication as what learners now see, a discarded
 * draft as no change.
 */
function changesBetween(before: unknown, after: unknown): FieldChange[] {
  const { draft: draftBefore, ...liveBefore } = asRecord(before);
  const { draft: draftAfter, ...liveAfter } = asRecord(after);
  if (draftBefore === undefined && draftAfter === undefined) return diff(before, after);
  const live = diff(liveBefore, liveAfter);
  if (live.length > 0 || draftAfter === null || draftAfter === undefined) return live;
  return diff({ details: draftBefore ?? liveBefore.details }, { details: draftAfter });
}

type Loose = Record<string, unknown>;
const asRecord = (value: unknown): Loose =>
  value !== null && typeof value === 'object' ? (value as Loose) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const paths = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : String(asRecord(item).path)))
    : [];

/** An item's name in a folded state ({ details: { name } }), if it has one. */
const nameIn = (state: unknown): string | null => text(asRecord(asRecord(state).details).name);

/** A reorder's list after it, and the list before it as the state kept it (null: not in the state). */
function orderOf(
  type: string,
  data: Loose,
  before: unknown,
): { before: string[] | null; after: string[] } | null {
  if (!type.endsWith('Ordered')) return null;
  const state = asRecord(before);
  if ('pages' in data) return { before: paths(state.pages), after: paths(data.pages) };
  if ('modules' in data) return { before: paths(asRecord(state.links).modules), after: paths(data.modules) };
  if ('sections' in data) return { before: null, after: paths(data.sections) };
  return null;
}

function targetOf(data: Loose): HistoryTarget | null {
  if (typeof data.modulePath === 'string') return { kind: 'module', path: data.modulePath, name: null };
  if (typeof data.filePath === 'string') return { kind: 'file', path: data.filePath, name: null };
  if ((data.itemType === 'course' || data.itemType === 'module') && typeof data.itemPath === 'string') {
    return { kind: data.itemType, path: data.itemPath, name: null };
  }
  return null;
}

function valuesOf(data: Loose): HistoryEntry['values'] {
  const values: HistoryEntry['values'] = {};
  if (typeof data.minutes === 'number') values.minutes = data.minutes;
  if (Array.isArray(data.roles)) values.roles = paths(data.roles);
  // A duplicated role names the role it was copied from.
  const origin = text(asRecord(data.origin).name);
  if (origin) values.origin = origin;
  return values;
}

/** The parts of an entry read from the event itself and the state before and after it. */
function describe(event: StoredEvent, before: unknown, after: unknown, changes: FieldChange[]): HistoryEntry {
  const data = asRecord(event.data);
  const order = orderOf(event.type, data, before);
  return {
    version: event.version,
    type: event.type,
    actorId: event.meta.actorId,
    at: event.meta.at,
    changes,
    item: nameIn(after) ?? nameIn(before) ?? text(data.name),
    personId: text(data.userId),
    target: targetOf(data),
    order: order && { before: order.before ?? [], after: order.after },
    values: valuesOf(data),
    people: {},
  };
}

/**
 * A certificate config as one level of fields under `certificate` (its printed texts beside its
 * rules), so a change reads as `certificate.header: A → B`.
 */
const certificateFields = (config: unknown) => {
  const { content, ...rules } = asRecord(config);
  return { certificate: { ...rules, ...asRecord(content) } };
};

/** Who changed which fields, when, from what to what: the stream folded step by step. */
export function historyOf<C, E extends NewEvent, S>(
  decider: Decider<C, E, S>,
  events: StoredEvent[],
): HistoryEntry[] {
  let state = decider.initialState();
  let sections: string[] | null = null;
  // The certificate config lives beside the item's state, not in it: its changes are read here.
  let certificate: unknown = defaultCertificateConfig();
  return events.map((event) => {
    const next = decider.evolve(state, { type: event.type, data: event.data } as E);
    const entry = describe(event, state, next, changesBetween(state, next));
    if (event.type.endsWith('CertificateConfigured')) {
      const config = asRecord(event.data).config;
      entry.changes = diff(certificateFields(certificate), certificateFields(config));
      certificate = config;
    }
    if (event.type === 'CourseSectionsOrdered' && entry.order) {
      // The course's state keeps no section order: the one before is the last reorder's, with the
      // sections created since at the end; before the first reorder, the creation order (`readable`).
      const after = entry.order.after;
      entry.order.before = sections
        ? [
            ...sections.filter((path) => after.includes(path)),
            ...after.filter((path) => !sections?.includes(path)),
          ]
        : [];
      sections = after;
    }
    state = next;
    return entry;
  });
}

/** The entries of a stream without a decider here (users, roles): each event's data, described. */
function eventHistory(events: StoredEvent[]): HistoryEntry[] {
  let previous: Loose = {};
  return events.map((event) => {
    const data = asRecord(event.data);
    const changes: FieldChange[] = [];
    if (event.type === 'UserRolesChanged') {
      changes.push({ field: 'roles', from: paths(data.previous), to: paths(data.roles) });
    }
    if (event.type === 'RoleUpdated') {
      const granted = (value: unknown) =>
        Object.entries(asRecord(value))
          .filter(([, on]) => on === true)
          .map(([action]) => action);
      if (data.previousName !== data.name)
        changes.push({ field: 'name', from: data.previousName, to: data.name });
      const from = granted(previous.actions);
      const to = granted(data.actions);
      if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field: 'actions', from, to });
    }
    if (event.type.startsWith('Role')) previous = data;
    const entry = describe(event, {}, {}, changes);
    if (event.type === 'RoleCreated' || event.type === 'RoleUpdated') {
      entry.values.actions = Object.entries(asRecord(data.actions))
        .filter(([, on]) => on === true)
        .map(([action]) => action);
    }
    return entry;
  });
}

/** A stream without a decider here (users, roles) made readable for `actor`, each entry with its event's data. */
export async function readableWithData(db: Db, actor: Actor | null, events: StoredEvent[]) {
  const entries = eventHistory(events).map((entry, index) => ({
    ...entry,
    data: events[index]!.data as Record<string, unknown>,
  }));
  return readable(db, actor, entries);
}

type NameTable =
  | 'section_summaries'
  | 'module_summaries'
  | 'page_summaries'
  | 'file_summaries'
  | 'course_summaries';

async function namesIn(db: Db, table: NameTable, wanted: string[]): Promise<Map<string, string>> {
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['path', 'name'])
    .where('path', 'in', [...new Set(wanted)])
    .execute();
  return new Map(rows.map((row) => [row.path, row.name]));
}

const orderTable: Record<string, NameTable> = {
  CourseSectionsOrdered: 'section_summaries',
  CourseModulesOrdered: 'module_summaries',
  SectionModulesOrdered: 'module_summaries',
  ModulePagesOrdered: 'page_summaries',
};
const targetTable: Record<HistoryTarget['kind'], NameTable> = {
  course: 'course_summaries',
  module: 'module_summaries',
  file: 'file_summaries',
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An API client that acted is named by its name, marked as a client (its id is the event's actor). */
async function apiClientNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id) => uuid.test(id));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('api_clients')
    .select(['client_id', 'name'])
    .where('client_id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.client_id, `${row.name} (API)`]));
}

/**
 * The entries made readable for a viewer allowed to see the history: the people they mention named
 * (private profiles as others see them, never an e-mail), reorders and links by the items' names,
 * and a course's first section reorder given the order before it (the sections' creation order).
 */
export async function readable<T extends HistoryEntry>(
  db: Db,
  actor: Actor | null,
  entries: T[],
): Promise<T[]> {
  const ids = [
    ...new Set(entries.flatMap((entry) => [entry.actorId, entry.personId]).filter((id) => id !== null)),
  ].filter((id) => id !== 'system');
  const names = new Map(
    (await findUsersByIds(db, ids))
      .filter((user) => Boolean(user.name))
      .map((user) => [user._id, asSeenBy(actor, user).name]),
  );
  for (const [id, name] of await apiClientNames(
    db,
    ids.filter((id) => !names.has(id)),
  ))
    names.set(id, name);

  const byTable = new Map<NameTable, string[]>();
  const want = (table: NameTable, list: string[]) =>
    byTable.set(table, [...(byTable.get(table) ?? []), ...list]);
  for (const entry of entries) {
    const table = orderTable[entry.type];
    if (table && entry.order) want(table, [...entry.order.before, ...entry.order.after]);
    if (entry.target) want(targetTable[entry.target.kind], [entry.target.path]);
  }
  const itemNames = new Map<NameTable, Map<string, string>>();
  for (const [table, wanted] of byTable) itemNames.set(table, await namesIn(db, table, wanted));

  const firstSectionOrder = entries.find((entry) => entry.type === 'CourseSectionsOrdered');
  const created = firstSectionOrder?.order ? await creationOrder(db, firstSectionOrder.order.after) : [];

  return entries.map((entry) => {
    const people: Record<string, string> = {};
    for (const id of [entry.actorId, entry.personId]) {
      const name = id ? names.get(id) : undefined;
      if (id && name) people[id] = name;
    }
    const table = orderTable[entry.type];
    const named = (list: string[]) => list.map((path) => (table && itemNames.get(table)?.get(path)) || path);
    let order = entry.order;
    if (order && entry === firstSectionOrder) order = { ...order, before: created };
    return {
      ...entry,
      people,
      order: order && { before: named(order.before), after: named(order.after) },
      target: entry.target && {
        ...entry.target,
        name: itemNames.get(targetTable[entry.target.kind])?.get(entry.target.path) ?? null,
      },
    };
  });
}

/** Sections in the order they were made (a new section goes last), those no longer there at the end. */
async function creationOrder(db: Db, sectionPaths: string[]): Promise<string[]> {
  if (sectionPaths.length === 0) return [];
  const rows = await db
    .selectFrom('section_summaries')
    .select(['path', 'created_at'])
    .where('path', 'in', sectionPaths)
    .execute();
  const createdAt = new Map(rows.map((row) => [row.path, new Date(row.created_at).getTime()]));
  return [...sectionPaths].sort(
    (a, b) => (createdAt.get(a) ?? Number.POSITIVE_INFINITY) - (createdAt.get(b) ?? Number.POSITIVE_INFINITY),
  );
}

/** The item as it was at `at`: its stream folded up to that moment. */
export function stateAt<C, E extends NewEvent, S>(
  decider: Decider<C, E, S>,
  events: StoredEvent[],
  at: Date,
): S {
  return events
    .filter((event) => Date.parse(event.meta.at) <= at.getTime())
    .reduce(
      (state, event) => decider.evolve(state, { type: event.type, data: event.data } as E),
      decider.initialState(),
    );
}
