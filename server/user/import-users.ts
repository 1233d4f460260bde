import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import { DomainError } from '../../events/errors';
import { actionsBeyond, isAdmin } from '../../events/escalation';
import { type Actor, ADMIN_ROLE, requireCan } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import { foldText } from '../../events/shared/fold';
import type { ImportAction, ImportReason } from '../../events/user/import';
import { listRoles } from '../../projections/role/roles';
import { linksOfUsers } from '../../projections/user/users';
import { lockEmail } from '../auth/account';
import type { Database } from '../db';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';
import { courseRights } from '../rights/course-rights';
import { executeUser } from './execute-user';
import { type ImportRow, parseImport } from './import-file';
import { inviteInTransaction } from './invite';

/** Why a row is refused, with the cell that caused it (a course's title, a role's name, another row). */
export interface ImportProblem {
  reason: ImportReason;
  value: string | null;
}

/** What an import does, or did, with one row of the file. */
export interface ImportRowPlan {
  /** The row's line in the file (the header is line 1). */
  line: number;
  name: string;
  email: string;
  action: ImportAction;
  problems: ImportProblem[];
  /** Roles a new account gets (an existing account keeps its own). */
  roles: string[];
  /** Courses (paths) the row links that the person is not linked to yet. */
  courses: string[];
  /** The group within the row's courses (the group column), null when none is given. */
  group: string | null;
}

export interface ImportPlan {
  rows: ImportRowPlan[];
  counts: Record<ImportAction, number>;
}

interface Planned extends ImportRowPlan {
  userId: string | null;
  /** The row's courses whose group changes to `group`. */
  regrouped: string[];
  language: Language;
  profession: string | null;
  riziv: string | null;
}

const emailSchema = z.email().max(254);
const list = (cell: string) =>
  cell
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Language cells as people write them: the code, or the language's name in nl, en or fr. */
const languageWords: Record<string, Language> = {
  nl: 'nl',
  nederlands: 'nl',
  dutch: 'nl',
  neerlandais: 'nl',
  vlaams: 'nl',
  en: 'en',
  english: 'en',
  engels: 'en',
  anglais: 'en',
  fr: 'fr',
  francais: 'fr',
  french: 'fr',
  frans: 'fr',
};

function languageOf(cell: string): Language | null {
  if (cell === '') return 'nl';
  const word = foldText(cell);
  return languageWords[word] ?? null;
}

interface Lookups {
  usersByEmail: Map<string, string>;
  linksByUser: Map<string, Set<string>>;
  /** Each existing person's group within each course, by `${userId} ${coursePath}`. */
  groups: Map<string, string>;
  rolesByName: Map<string, { name: string; actions: Record<string, boolean> }>;
  courses: { courseId: string; path: string; name: string }[];
  mayLink: Map<string, boolean>;
}

async function lookups(db: Db, actor: Actor, rows: ImportRow[]): Promise<Lookups> {
  const emails = [...new Set(rows.map((row) => row.cells.email.toLowerCase()).filter(Boolean))];
  const users = emails.length
    ? await db.selectFrom('users').select(['user_id', 'email']).where('email', 'in', emails).execute()
    : [];
  const usersByEmail = new Map(users.map((user) => [user.email, user.user_id]));
  const linksByUser = new Map<string, Set<string>>();
  const groups = new Map<string, string>();
  for (const link of await linksOfUsers(
    db,
    users.map((user) => user.user_id),
  )) {
    if (link.item_type !== 'course') continue;
    if (link.group_label) groups.set(`${link.user_id} ${link.item_path}`, link.group_label);
    const set = linksByUser.get(link.user_id) ?? new Set();
    set.add(link.item_path);
    linksByUser.set(link.user_id, set);
  }
  const rolesByName = new Map(
    (await listRoles(db)).map((role) => [
      role.name.toLowerCase(),
      { name: role.name, actions: role.actions },
    ]),
  );
  const courses = (
    await db.selectFrom('course_summaries').select(['course_id', 'path', 'name']).execute()
  ).map((row) => ({ courseId: row.course_id, path: row.path, name: row.name }));
  const mayLink = new Map<string, boolean>();
  const wanted = new Set(rows.flatMap((row) => list(row.cells.courses)));
  for (const cell of wanted) {
    const found = findCourse(courses, cell);
    if (found.length === 1 && !mayLink.has(found[0]!.path)) {
      mayLink.set(found[0]!.path, (await courseRights(db, actor, found[0]!)).assignParticipants);
    }
  }
  return { usersByEmail, linksByUser, groups, rolesByName, courses, mayLink };
}

/** A course by its path, else by its title (whatever the case and accents). */
function findCourse(courses: Lookups['courses'], cell: string) {
  const byPath = courses.filter((course) => course.path === cell);
  if (byPath.length > 0) return byPath;
  const title = foldText(cell).replace(/\s+/g, ' ');
  return courses.filter((course) => foldText(course.name).replace(/\s+/g, ' ').trim() === title);
}

function planRow(actor: Actor, row: ImportRow, known: Lookups): Planned {
  const { cells } = row;
  const problems: ImportProblem[] = [];
  const refuse = (reason: ImportReason, value: string | null = null) => problems.push({ reason, value });
  const email = cells.email.toLowerCase();
  if (!emailSchema.safeParse(email).success) refuse('invalidEmail', cells.email || null);
  const userId = known.usersByEmail.get(email) ?? null;
  if (!userId && cells.name === '') refuse('missingName');
  if (cells.name.length > 200) refuse('tooLong', 'name');
  if (cells.profession.length > 200) refuse('tooLong', 'profession');
  if (cells.riziv.length > 40) refuse('tooLong', 'riziv');
  if (cells.group.length > 60) refuse('tooLong', 'group');
  const group = cells.group || null;
  const language = languageOf(cells.language);
  if (!language) refuse('unknownLanguage', cells.language);

  const roles: string[] = [];
  if (!userId) {
    for (const name of list(cells.roles)) {
      if (name.toLowerCase() === ADMIN_ROLE) {
        if (!isAdmin(actor)) refuse('adminOnly', name);
        else roles.push(ADMIN_ROLE);
        continue;
      }
      const role = known.rolesByName.get(name.toLowerCase());
      if (!role) refuse('unknownRole', name);
      else if (actionsBeyond(actor, role.actions).length > 0) refuse('roleBeyondYours', role.name);
      else roles.push(role.name);
    }
  }

  const courses: string[] = [];
  const regrouped: string[] = [];
  const linked = userId ? (known.linksByUser.get(userId) ?? new Set<string>()) : new Set<string>();
  for (const cell of list(cells.courses)) {
    const found = findCourse(known.courses, cell);
    if (found.length === 0) refuse('unknownCourse', cell);
    else if (found.length > 1) refuse('ambiguousCourse', cell);
    else if (!known.mayLink.get(found[0]!.path)) refuse('courseNotYours', cell);
    else {
      const path = found[0]!.path;
      if (!linked.has(path) && !courses.includes(path)) courses.push(path);
      const current = userId && linked.has(path) ? (known.groups.get(`${userId} ${path}`) ?? null) : null;
      if (group !== null && current !== group && !regrouped.includes(path)) regrouped.push(path);
    }
  }

  const action: ImportAction =
    problems.length > 0
      ? 'refused'
      : !userId
        ? 'create'
        : courses.length > 0 || regrouped.length > 0
          ? 'link'
          : 'unchanged';
  return {
    line: row.line,
    name: cells.name,
    email,
    action,
    problems,
    roles: [...new Set(roles)].sort(),
    courses,
    group,
    regrouped,
    userId,
    language: language ?? 'nl',
    profession: cells.profession || null,
    riziv: cells.riziv || null,
  };
}

/** The same address twice in one file: which row is meant is not known, so every one of them is refused. */
function refuseDuplicates(rows: Planned[]) {
  const byEmail = new Map<string, Planned[]>();
  for (const row of rows) {
    if (row.email === '') continue;
    byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
  }
  for (const same of byEmail.values()) {
    if (same.length < 2) continue;
    for (const row of same) {
      const others = same.filter((other) => other !== row).map((other) => other.line);
      row.problems.push({ reason: 'duplicateEmail', value: others.join(', ') });
      row.action = 'refused';
    }
  }
}

const countsOf = (rows: ImportRowPlan[]): Record<ImportAction, number> => ({
  create: rows.filter((row) => row.action === 'create').length,
  link: rows.filter((row) => row.action === 'link').length,
  unchanged: rows.filter((row) => row.action === 'unchanged').length,
  refused: rows.filter((row) => row.action === 'refused').length,
});

const shown = ({ userId, regrouped, language, profession, riziv, ...row }: Planned): ImportRowPlan => row;

async function plan(db: Db, actor: Actor, text: string): Promise<Planned[]> {
  const rows = parseImport(text);
  const known = await lookups(db, actor, rows);
  const planned = rows.map((row) => planRow(actor, row, known));
  refuseDuplicates(planned);
  return planned;
}

/**
 * What importing this text would do, row by row, writing nothing: who may make accounts
 * (manage_users) only, and a course is linked only where the caller may link participants (ADR 0014).
 */
export async function previewImport(
  platform: Platform,
  actor: Actor | null,
  text: string,
): Promise<ImportPlan> {
  const manager = requireCan(actor, 'manage_users');
  const rows = (await plan(platform.database.db, manager, text)).map(shown);
  return { rows, counts: countsOf(rows) };
}

/**
 * Imports the text: each row that the preview accepts is one command on the person's stream (the
 * account and its links in one batch, with its invitation), so a row is written whole or not at all,
 * and a refused row writes nothing. Existing accounts are found by address and keep their profile
 * and roles; links they have are skipped, so the same file imported twice changes nothing.
 */
export async function applyImport(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  text: string,
): Promise<ImportPlan> {
  const manager = requireCan(actor, 'manage_users');
  const planned = await plan(platform.database.db, manager, text);
  for (const row of planned) {
    if (row.action !== 'create' && row.action !== 'link') continue;
    try {
      await applyRow(platform, meta, row);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Someone else changed the account or its address between the preview and this row.
      row.action = 'refused';
      row.problems.push({ reason: 'changedMeanwhile', value: null });
    }
  }
  const rows = planned.map(shown);
  return { rows, counts: countsOf(rows) };
}

async function applyRow(platform: Platform, meta: CommandMeta, row: Planned) {
  const links = row.courses.map((itemPath) => ({ itemType: 'course' as const, itemPath }));
  const group =
    row.group !== null && row.regrouped.length > 0 ? { coursePaths: row.regrouped, group: row.group } : null;
  if (row.userId) {
    await executeUser(platform, meta, row.userId, { type: 'Import', data: { create: null, links, group } });
    return;
  }
  const userId = uuidv7();
  const profile = {
    name: row.name,
    phone: null,
    profession: row.profession,
    riziv: row.riziv,
    language: row.language,
  };
  await executeUser(
    platform,
    meta,
    userId,
    {
      type: 'Import',
      data: { create: { userId, email: row.email, profile, roles: row.roles }, links, group },
    },
    {
      before: async (trx: Transaction<Database>) => {
        await lockEmail(trx, row.email);
        const taken = await trx
          .selectFrom('users')
          .select('user_id')
          .where('email', '=', row.email)
          .executeTakeFirst();
        if (taken) throw new DomainError('CONFLICT', 'user.emailTaken');
        await inviteInTransaction(platform, trx, userId, meta.now);
      },
    },
  );
}
