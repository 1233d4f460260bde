import { type ColumnType, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { EventData, StoredOf } from '../../events/event-types';
import type { RoleActions } from '../../events/role/events';
import type { Image, Language } from '../../events/shared/fields';
import { combiningMarks, foldText } from '../../events/shared/fold';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per account: answers "who is this person, what roles and links do they have". */
export interface UsersTable {
  user_id: string;
  email: string;
  name: string;
  phone: string | null;
  profession: string | null;
  riziv: string | null;
  description: string | null;
  image: ColumnType<Image | null, string | null, string | null>;
  language: Language;
  full_privacy: boolean;
  roles: ColumnType<string[], string, string>;
  verified: boolean;
  /**
   * The user stream's version at the last password change or removed role (0: none yet). ID tokens
   * carry it, and one carrying an older value is refused. Set, not counted, so a replay agrees.
   */
  credential_version: ColumnType<number, number | undefined, number>;
  source: string;
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

export interface UserLinksTable {
  user_id: string;
  item_type: 'course' | 'module';
  item_path: string;
  /** The participant's group within the course (ParticipantGroupSet); null: none, and for modules. */
  group_label: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserTables {
  users: UsersTable;
  user_links: UserLinksTable;
}

const handles = [
  'UserSignedUp',
  'UserCreated',
  'UserProvisioned',
  'UserVerified',
  'UserProfileUpdated',
  'UserRolesChanged',
  'UserPasswordChanged',
  'UserLinkedToItem',
  'UserUnlinkedFromItem',
  'ParticipantGroupSet',
  'UserDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<UserTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  const where = (userId: string) => trx.updateTable('users').where('user_id', '=', userId);
  switch (event.type) {
    case 'UserSignedUp':
    case 'UserCreated':
    case 'UserProvisioned': {
      // A signed-up person brings no roles and a provisioned one no profile: those read as absent.
      const data: Pick<EventData<'UserCreated'>, 'userId' | 'email' | 'name'> &
        Partial<EventData<'UserCreated'>> = event.data;
      await trx
        .insertInto('users')
        .values({
          user_id: data.userId,
          // After erasure the sealed fields read as null; the row is deleted by UserDeleted anyway.
          email: data.email ?? `erased-${data.userId}`,
          name: data.name ?? '',
          phone: data.phone ?? null,
          profession: data.profession ?? null,
          riziv: data.riziv ?? null,
          description: null,
          image: null,
          language: data.language ?? 'nl',
          full_privacy: false,
          roles: JSON.stringify(data.roles ?? []),
          verified: event.type === 'UserProvisioned',
          source: { UserSignedUp: 'signup', UserCreated: 'admin', UserProvisioned: 'external' }[event.type],
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return;
    }
    case 'UserVerified':
      await where(event.data.userId).set({ verified: true, updated_at: at }).execute();
      return;
    case 'UserProfileUpdated': {
      const data = event.data;
      await where(data.userId)
        .set({
          name: data.name ?? '',
          phone: data.phone,
          profession: data.profession,
          riziv: data.riziv,
          description: data.description,
          image: data.image ? JSON.stringify(data.image) : null,
          language: data.language,
          full_privacy: data.fullPrivacy,
          updated_at: at,
        })
        .execute();
      return;
    }
    case 'UserRolesChanged': {
      const { roles, previous } = event.data;
      const removed = previous.some((role) => !roles.includes(role));
      await where(event.data.userId)
        .set((eb) => ({
          roles: JSON.stringify(roles),
          updated_at: at,
          ...(removed
            ? { credential_version: eb.fn('greatest', ['credential_version', eb.val(event.version)]) }
            : {}),
        }))
        .execute();
      return;
    }
    case 'UserLinkedToItem': {
      const { userId, itemType, itemPath } = event.data;
      await trx
        .insertInto('user_links')
        .values({ user_id: userId, item_type: itemType, item_path: itemPath })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'UserUnlinkedFromItem': {
      const { userId, itemType, itemPath } = event.data;
      await trx
        .deleteFrom('user_links')
        .where('user_id', '=', userId)
        .where('item_type', '=', itemType)
        .where('item_path', '=', itemPath)
        .execute();
      return;
    }
    case 'ParticipantGroupSet': {
      const { userId, itemPath, group } = event.data;
      await trx
        .updateTable('user_links')
        .set({ group_label: group })
        .where('user_id', '=', userId)
        .where('item_type', '=', 'course')
        .where('item_path', '=', itemPath)
        .execute();
      return;
    }
    case 'UserDeleted':
      await trx.deleteFrom('user_links').where('user_id', '=', event.data.userId).execute();
      await trx.deleteFrom('users').where('user_id', '=', event.data.userId).execute();
      return;
    case 'UserPasswordChanged':
      await where(event.data.userId)
        .set((eb) => ({
          credential_version: eb.fn('greatest', ['credential_version', eb.val(event.version)]),
        }))
        .execute();
      return;
  }
}

export const userProjection: Projection<UserTables> = {
  name: 'users',
  // 2: the participant's group within a course.
  version: 2,
  tables: ['users', 'user_links'],
  handles,
  apply,
};

export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  profession: string | null;
  riziv: string | null;
  description: string | null;
  image: Image | null;
  language: Language;
  fullPrivacy: boolean;
  roles: string[];
  verified: boolean;
  createdAt: string;
  courses: string[];
  modules: string[];
  /** The person's group within each course that gives them one, by course path. */
  groups: Record<string, string>;
}

/** A user without the paths they are linked to (a separate question, asked only when needed). */
export type UserProfile = Omit<UserRecord, 'courses' | 'modules' | 'groups'>;

export function toUserProfile(row: Selectable<UsersTable>): UserProfile {
  return {
    _id: row.user_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    profession: row.profession,
    riziv: row.riziv,
    description: row.description,
    image: row.image,
    language: row.language,
    fullPrivacy: row.full_privacy,
    roles: row.roles,
    verified: row.verified,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function toRecord(row: Selectable<UsersTable>, links: Selectable<UserLinksTable>[]): UserRecord {
  return {
    ...toUserProfile(row),
    courses: links.filter((l) => l.item_type === 'course').map((l) => l.item_path),
    modules: links.filter((l) => l.item_type === 'module').map((l) => l.item_path),
    groups: Object.fromEntries(
      links.flatMap((l) => (l.item_type === 'course' && l.group_label ? [[l.item_path, l.group_label]] : [])),
    ),
  };
}

async function withLinks(db: Db, rows: Selectable<UsersTable>[]): Promise<UserRecord[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('user_links')
    .selectAll()
    .where(
      'user_id',
      'in',
      rows.map((row) => row.user_id),
    )
    .execute();
  return rows.map((row) =>
    toRecord(
      row,
      links.filter((link) => link.user_id === row.user_id),
    ),
  );
}

export async function findUserById(db: Db, userId: string): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? ((await withLinks(db, [row]))[0] ?? null) : null;
}

/** Several users in one statement (batched look-ups); unknown ids are simply absent. */
export async function findUsersByIds(db: Db, userIds: readonly string[]): Promise<UserProfile[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .execute();
  return rows.map(toUserProfile);
}

/** The links of several users in one statement. */
export async function linksOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<Selectable<UserLinksTable>[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_links')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .orderBy('item_path')
    .execute();
}

/** The users linked to any of these items (participants of several courses at once), by name. */
export async function usersLinkedTo(
  db: Db,
  itemType: UserLinksTable['item_type'],
  itemPaths: readonly string[],
): Promise<{ itemPath: string; group: string | null; user: UserProfile }[]> {
  if (itemPaths.length === 0) return [];
  const rows = await db
    .selectFrom('user_links')
    .innerJoin('users', 'users.user_id', 'user_links.user_id')
    .selectAll('users')
    .select(['user_links.item_path', 'user_links.group_label'])
    .where('user_links.item_type', '=', itemType)
    .where('user_links.item_path', 'in', [...itemPaths])
    .orderBy('users.name')
    .orderBy('users.user_id')
    .execute();
  return rows.map(({ item_path, group_label, ...row }) => ({
    itemPath: item_path,
    group: group_label,
    user: toUserProfile(row),
  }));
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function userAccess(
  db: Db,
  userId: string,
): Promise<{ roles: string[]; verified: boolean; credentialVersion: number } | null> {
  const row = await db
    .selectFrom('users')
    .select(['roles', 'verified', 'credential_version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { roles: row.roles, verified: row.verified, credentialVersion: row.credential_version } : null;
}

/** The actions of each role a `users` row holds, by role name. */
const actionsOfRoles = () =>
  sql<
    Record<string, Partial<RoleActions>>
  >`(select coalesce(jsonb_object_agg(roles.name, roles.actions), '{}'::jsonb)
    from roles where users.roles ? roles.name)`;

/**
 * What `userAccess` gives, with the actions of each of the user's roles, in one statement: every
 * signed-in request asks it (roles are read fresh, so a role change counts at once).
 */
export async function userAccessWithActions(
  db: Db,
  userId: string,
): Promise<{
  roles: string[];
  credentialVersion: number;
  actions: Record<string, Partial<RoleActions>>;
} | null> {
  const row = await db
    .selectFrom('users')
    .select(['users.roles', 'users.credential_version'])
    .select(actionsOfRoles().as('actions'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { roles: row.roles, credentialVersion: row.credential_version, actions: row.actions } : null;
}

/**
 * The roles of several users with the actions of each, in one statement, by user id (a missing
 * user has no entry): what deciding the rights of many people at once reads.
 */
export async function rolesWithActionsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { roles: string[]; actions: Record<string, Partial<RoleActions>> }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['users.user_id', 'users.roles'])
    .select(actionsOfRoles().as('actions'))
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, { roles: row.roles, actions: row.actions }]));
}

export interface UserSearch {
  search?: string;
  course?: string;
  /** With `course`: only the participants of that course in this group. */
  group?: string;
  module?: string;
  role?: string;
  limit?: number;
  offset?: number;
}

/** What a private profile (fullPrivacy) shows to anyone but its owner and who manages users. */
export const anonymousProfile = { name: 'Anonymous User', email: 'anonymous@anonymous.invalid' } as const;

/**
 * Whose real name and e-mail a search may match: everyone's (`all`, for who manages users), or
 * only those of profiles that are not private, and the viewer's own.
 */
export type SearchScope = { all: true } | { all: false; viewerId: string | null };

/** The scope that leaks nothing: private profiles match only by what anyone sees of them. */
const othersScope: SearchScope = { all: false, viewerId: null };

/** Whether the viewer sees this row's real name and e-mail; `table` is the users table's alias. */
function seesReal(scope: SearchScope, table?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  if (scope.all) return sql<boolean>`true`;
  const open = sql<boolean>`coalesce(${column('full_privacy')}, false) = false`;
  return scope.viewerId === null
    ? sql<boolean>`(${open})`
    : sql<boolean>`(${open} or ${column('user_id')} = ${scope.viewerId})`;
}

/**
 * The condition that a user's name or e-mail contains `search`, over what the viewer sees of them:
 * a private profile matches anyone else only by its placeholder, so no run of searches rebuilds a
 * hidden name or address. Phone, riziv, profession and description are never searched. Written in
 * the query, so paging and counts agree with what is shown. `table` is the users table's alias.
 */
export function nameOrEmailContains(search: string, scope: SearchScope, table?: string): RawBuilder<boolean> {
  const needle = search.toLowerCase();
  const like = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  // Names match whatever their accents: 'nguyen' finds 'Nguyễn' (both sides decomposed, marks dropped).
  const bare = sql`regexp_replace(normalize(lower(${column('name')}), NFD), ${combiningMarks}, '', 'g')`;
  const real = sql<boolean>`(${bare} like ${like(foldText(needle))} or ${column('email')} like ${like(needle)})`;
  if (scope.all) return real;
  const placeholder = Object.values(anonymousProfile).some((text) => text.toLowerCase().includes(needle));
  return placeholder
    ? sql<boolean>`(case when ${seesReal(scope, table)} then ${real} else true end)`
    : sql<boolean>`(${seesReal(scope, table)} and ${real})`;
}

/**
 * The name a list is ordered by: the one the viewer sees, and none for a private profile (those
 * come last, by id), so a hidden name's place in the list tells nothing about it either.
 */
const shownNameOrder = (scope: SearchScope): RawBuilder<string | null> =>
  sql<string | null>`(case when ${seesReal(scope)} then name end)`;

/**
 * The user list, filtered, by name; `scope` says whose real name and e-mail `search` may match and
 * order by.
 */
export async function searchUsers(
  db: Db,
  filter: UserSearch = {},
  scope: SearchScope = othersScope,
): Promise<UserRecord[]> {
  let query = db.selectFrom('users').selectAll();
  if (filter.search) query = query.where(nameOrEmailContains(filter.search, scope));
  for (const [itemType, itemPath] of [
    ['course', filter.course],
    ['module', filter.module],
  ] as const) {
    if (itemPath) {
      query = query.where('user_id', 'in', (eb) =>
        eb
          .selectFrom('user_links')
          .select('user_id')
          .where('item_type', '=', itemType)
          .where('item_path', '=', itemPath)
          .$if(itemType === 'course' && filter.group !== undefined, (q) =>
            q.where('group_label', '=', filter.group!),
          ),
      );
    }
  }
  if (filter.role) query = query.where('roles', '@>', JSON.stringify([filter.role]) as never);
  const rows = await query
    .orderBy(shownNameOrder(scope))
    .orderBy('user_id')
    .limit(filter.limit ?? 200)
    .offset(filter.offset ?? 0)
    .execute();
  return withLinks(db, rows);
}

/** Every user, in pages, for the CSV download (streamed: never all rows in memory at once). */
export async function* allUsers(db: Db, pageSize = 500): AsyncGenerator<UserRecord[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield withLinks(db, rows);
    after = rows.at(-1)!.user_id;
  }
}

/** Whether the user is linked to the course or module (a participant of non-public content). */
export async function isLinkedTo(
  db: Db,
  userId: string,
  itemType: 'course' | 'module',
  itemPath: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_links')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('item_type', '=', itemType)
    .where('item_path', '=', itemPath)
    .executeTakeFirst();
  return Boolean(row);
}
