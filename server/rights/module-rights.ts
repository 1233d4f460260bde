import { sql } from 'kysely';
import { forbidden, unauthenticated } from '../../events/errors';
import { type Actor, ADMIN_ROLE, can, rulesFor } from '../../events/permissions';
import { ownedCoursesListing } from '../../projections/link/content-links';
import { ownersOfModule } from '../../projections/module/module-owners';
import type { ModuleSummary } from '../../projections/module/module-summaries';
import { rolesWithActionsOf } from '../../projections/user/users';
import type { Db } from '../db/tables';

/**
 * What one person may do with one module: the one rule every procedure, GraphQL resolver, CSV route
 * and screen asks (docs/guide/users-and-roles.md#roles-what-each-action-reaches). Rights come from
 * the module itself — the role's actions and its ownership — and from a course only through a link
 * that someone with the right on the module made; never from a link alone.
 */
export interface ModuleRights {
  /** Change the module, its pages and its certificate settings. */
  edit: boolean;
  delete: boolean;
  /** See the scores of the options (the answer key). */
  answerKey: boolean;
  /** Read the module's change history. */
  history: boolean;
  /** Name or remove its owners. */
  assignOwners: boolean;
  /** Link participants to it. */
  assignParticipants: boolean;
  /** Read participants' results (all of them, or those of the courses the person teaches). */
  results: boolean;
  /** Score answers, give feedback and another attempt. */
  score: boolean;
  /** Assign and revoke certificates (never one's own, admins aside). */
  certify: boolean;
}

/** Whose results a right reaches: every participant, or those linked to these courses. */
export type Reach = { all: true } | { all: false; courses: string[] };

export interface ModuleAuthority {
  rights: ModuleRights;
  /** Whose results may be read; null: nobody's. */
  readReach: Reach | null;
  /** Whose results may be scored, given attempts and certified; null: nobody's. */
  teachReach: Reach | null;
}

export const isAdmin = (actor: Actor | null) => actor?.roles.includes(ADMIN_ROLE) === true;

/** Who reads an item's change history: the view right, and who may edit it (its owners among them). */
export const mayReadHistory = (actor: Actor | null, owners: readonly string[]) =>
  can(actor, 'view') || can(actor, 'edit', { owners: [...owners] });

/** Which of these people hold the edit right now, in one statement (none for nobody). */
async function editorsAmong(db: Db, userIds: readonly string[]): Promise<ReadonlySet<string>> {
  const access = await rolesWithActionsOf(db, userIds);
  return new Set(
    [...access].filter(([, { roles, actions }]) => rulesFor(roles, actions).edit).map(([userId]) => userId),
  );
}

/**
 * Whether a link made by `linkedBy` lets a course teach a module with these owners: made by the
 * platform itself (no actor: demo content, start-up), one of its owners, or someone holding the edit
 * right now (`editors`, of the linkers asked).
 */
const linkTeaches = (linkedBy: string | null, owners: readonly string[], editors: ReadonlySet<string>) =>
  linkedBy === null || owners.includes(linkedBy) || editors.has(linkedBy);

/** Whether someone may make a link that lets a course teach this module: its editors and owners. */
export async function linkerHadRight(db: Db, linkedBy: string | null, owners: readonly string[]) {
  const asked = linkedBy === null || owners.includes(linkedBy) ? [] : [linkedBy];
  return linkTeaches(linkedBy, owners, await editorsAmong(db, asked));
}

/**
 * The courses through which this person teaches each of these modules, by module path (a module
 * they teach through none has no entry): courses they own that list it, where the link was made by
 * someone who may edit the module (its owners, the edit right, the platform). A link someone made to
 * a module they had no right on confers nothing. Two statements whatever the number of modules;
 * none for a participant, who holds no role and teaches nothing.
 */
export async function teachingCourses(
  db: Db,
  actor: Actor,
  modules: readonly Pick<ModuleSummary, 'moduleId' | 'path'>[],
  ownersOf: (module: Pick<ModuleSummary, 'moduleId'>) => readonly string[],
): Promise<Map<string, string[]>> {
  const taught = new Map<string, string[]>();
  if (actor.roles.length === 0 || modules.length === 0) return taught;
  const listings = await ownedCoursesListing(
    db,
    actor.userId,
    modules.map((module) => module.path),
  );
  const ownersByPath = new Map(modules.map((module) => [module.path, ownersOf(module)]));
  const linkers = listings.flatMap(({ modulePath, linkedBy }) =>
    linkedBy !== null && !ownersByPath.get(modulePath)?.includes(linkedBy) ? [linkedBy] : [],
  );
  const editors = await editorsAmong(db, linkers);
  for (const { modulePath, coursePath, linkedBy } of listings) {
    if (!linkTeaches(linkedBy, ownersByPath.get(modulePath) ?? [], editors)) continue;
    const courses = taught.get(modulePath) ?? [];
    if (!courses.includes(coursePath)) courses.push(coursePath);
    taught.set(modulePath, courses);
  }
  return taught;
}

/** Whether this person teaches this one module through a course (`teachingCourses`). */
export async function teachesThroughCourse(
  db: Db,
  actor: Actor,
  module: Pick<ModuleSummary, 'moduleId' | 'path'>,
  owners: readonly string[],
): Promise<boolean> {
  return (await teachingCourses(db, actor, [module], () => owners)).has(module.path);
}

const noAuthority: ModuleAuthority = {
  rights: {
    edit: false,
    delete: false,
    answerKey: false,
    history: false,
    assignOwners: false,
    assignParticipants: false,
    results: false,
    score: false,
    certify: false,
  },
  readReach: null,
  teachReach: null,
};

/** The rights of this actor on this module, and whose results they reach. */
export async function moduleAuthority(
  db: Db,
  actor: Actor | null,
  module: Pick<ModuleSummary, 'moduleId' | 'path'>,
  knownOwners?: readonly string[],
): Promise<ModuleAuthority> {
  if (!actor) return noAuthority;
  const owners = knownOwners ?? (await ownersOfModule(db, module.moduleId));
  const target = { owners: [...owners] };
  const editor = can(actor, 'edit', target);
  const viewer = can(actor, 'view');
  const courses = editor
    ? []
    : ((await teachingCourses(db, actor, [module], () => owners)).get(module.path) ?? []);
  const teachReach: Reach | null = editor
    ? { all: true }
    : courses.length > 0
      ? { all: false, courses }
      : null;
  const readReach: Reach | null = editor || viewer ? { all: true } : teachReach;
  return {
    rights: {
      edit: editor,
      delete: can(actor, 'delete', target),
      answerKey: editor || viewer,
      history: mayReadHistory(actor, owners),
      assignOwners: can(actor, 'assign_owners'),
      assignParticipants: (can(actor, 'assign_participants') || can(actor, 'manage_users')) && editor,
      results: readReach !== null,
      score: teachReach !== null,
      certify: teachReach !== null,
    },
    readReach,
    teachReach,
  };
}

/** Whether a participant is within a reach: everyone, or linked to one of its courses. */
export async function reaches(db: Db, reach: Reach | null, userId: string): Promise<boolean> {
  if (!reach) return false;
  if (reach.all) return true;
  if (reach.courses.length === 0) return false;
  const { rows } = await sql<{ found: number }>`
    select 1 as found from user_links
    where user_id = ${userId} and item_type = 'course' and item_path in (${sql.join(reach.courses)})
    limit 1`.execute(db);
  return rows.length > 0;
}

/** Refuses unless the actor's authority on the module reaches this participant for this purpose. */
export async function requireReach(
  db: Db,
  actor: Actor | null,
  authority: ModuleAuthority,
  purpose: 'read' | 'teach',
  userId: string,
) {
  if (!actor) throw unauthenticated();
  const reach = purpose === 'read' ? authority.readReach : authority.teachReach;
  if (!(await reaches(db, reach, userId))) throw forbidden();
}

/** No one certifies themselves, admins aside: the certificate must be earned or given by another. */
export function requireNotSelf(actor: Actor, recipientId: string) {
  if (actor.userId === recipientId && !isAdmin(actor)) throw forbidden('certificates.errors.notForYourself');
}
