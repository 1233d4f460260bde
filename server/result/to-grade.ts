import { sql } from 'kysely';
import { z } from 'zod';
import { forbidden, notFound, unauthenticated } from '../../events/errors';
import { isQuestion } from '../../events/page/content';
import { type Actor, can } from '../../events/permissions';
import { pathSchema } from '../../events/shared/fields';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { linkedPaths } from '../../projections/link/content-links';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { sectionsOfCourse } from '../../projections/section/section-summaries';
import type { Db } from '../db/tables';
import { moduleAuthority } from '../rights/module-rights';
import { awaitingScoreSql, inCourses } from './participant-results';
import { seenName } from './participants';
import { readScope, type TaughtModule, teacherModule } from './teacher';

/**
 * The teachers' grading queue (docs/guide/results-and-scoring.md#to-grade): every open answer that
 * waits for a score (docs/adr/0018-unscored-answers.md), oldest first, in one module, in the modules
 * of one course, or in every module the actor may read the results of. It reads exactly what the
 * module results read (`teacherModule`'s `read`, the participants of `readScope`), so it never
 * shows an answer its results screen would not.
 */

export const toGradeSchema = z.object({
  /** One module; with `course`, a filter among the course's modules. */
  module: pathSchema.optional(),
  course: pathSchema.optional(),
  page: pathSchema.optional(),
  question: z.string().min(1).max(100).optional(),
  user: z.string().min(1).max(200).optional(),
  /** Participants in this group within a course (the course asked for, else any course the reader reaches). */
  group: z.string().trim().min(1).max(60).optional(),
  /** How many answers to return (0: the count alone, as the admin home and course screens ask). */
  limit: z.number().int().min(0).max(500).default(200),
});
export type ToGradeInput = z.input<typeof toGradeSchema>;

export interface ToGradeItem {
  module: { path: string; name: string };
  page: { path: string; name: string };
  question: { name: string; label: string; maxScore: number; info: string };
  participant: { _id: string; name: string; email: string };
  answer: string;
  /** When the participant gave this answer. */
  answeredAt: string;
  attempts: number;
  feedback: string | null;
  /** The actor may score it (the view right reads results without scoring them). */
  mayScore: boolean;
}

/** The modules the queue reads for this input, each with the actor's authority on it. */
async function modulesInScope(
  db: Db,
  actor: Actor,
  input: z.output<typeof toGradeSchema>,
): Promise<{ name: string | null; modules: TaughtModule[] }> {
  if (!input.course) {
    if (input.module) {
      const module = await teacherModule(db, actor, input.module, 'read');
      return { name: module.name, modules: [module] };
    }
    // Everything: only modules with an answer waiting can add to the queue.
    const { rows } = await sql<{ path: string }>`
      select distinct m.path from result_answers ra
      join module_summaries m on m.module_id = ra.module_id
      where ${awaitingScoreSql('ra')}
      order by m.path`.execute(db);
    return {
      name: null,
      modules: await readable(
        db,
        actor,
        rows.map((row) => row.path),
      ),
    };
  }
  const course = await findCourseByPath(db, input.course);
  if (!course) throw notFound('course.notFound');
  const sections = await sectionsOfCourse(db, course.path);
  const paths = new Set(await linkedPaths(db, { parentType: 'course', parentPath: course.path }, 'module'));
  for (const section of sections)
    for (const path of await linkedPaths(db, { parentType: 'section', parentPath: section.path }, 'module'))
      paths.add(path);
  const modules = await readable(db, actor, [...paths]);
  // Who reads no result of the course's modules has no queue there; an empty course, only who sees everything.
  if (modules.length === 0 && (paths.size > 0 || !can(actor, 'view'))) throw forbidden();
  return {
    name: course.name,
    modules: input.module ? modules.filter((module) => module.path === input.module) : modules,
  };
}

/** The modules among `paths` whose results the actor may read. */
async function readable(db: Db, actor: Actor, paths: readonly string[]): Promise<TaughtModule[]> {
  const modules: TaughtModule[] = [];
  for (const path of paths) {
    const module = await findModuleByPath(db, path);
    if (!module) continue;
    const owners = await ownersOfModule(db, module.moduleId);
    const authority = await moduleAuthority(db, actor, module, owners);
    if (authority.rights.results) modules.push({ ...module, owners, authority });
  }
  return modules;
}

/** The answers waiting in one module, for the participants the actor's reading reaches. */
async function waitingIn(db: Db, actor: Actor, module: TaughtModule): Promise<ToGradeItem[]> {
  const { courses } = readScope(module);
  const rows = await db
    .selectFrom('result_answers as ra')
    .leftJoin('users as u', 'u.user_id', 'ra.user_id')
    .select([
      'ra.user_id',
      'ra.page_path',
      'ra.question',
      'ra.answer',
      'ra.attempts',
      'ra.feedback',
      'ra.updated_at',
      'u.name',
      'u.email',
      'u.full_privacy',
    ])
    .where('ra.module_id', '=', module.moduleId)
    .where(awaitingScoreSql('ra'))
    .where(inCourses(courses, 'ra.user_id'))
    .execute();
  if (rows.length === 0) return [];
  const pages = new Map((await pagesOfModule(db, module.path)).map((page) => [page.path, page]));
  const mayScore = module.authority.rights.score;
  return rows.flatMap((row) => {
    const page = pages.get(row.page_path);
    const question = page?.content.filter(isQuestion).find((element) => element.name === row.question);
    // An answer to a question since removed from the module can no longer be scored there.
    if (!page || !question || question.questionType !== 'open') return [];
    const teachReach = module.authority.teachReach;
    return [
      {
        module: { path: module.path, name: module.name },
        page: { path: page.path, name: page.name },
        question: {
          name: question.name,
          label: question.label,
          maxScore: question.schema.maxScore,
          info: question.schema.info,
        },
        participant: {
          _id: row.user_id,
          ...seenName(actor, {
            userId: row.user_id,
            name: row.name,
            email: row.email,
            fullPrivacy: row.full_privacy ?? false,
          }),
        },
        answer: typeof row.answer === 'string' ? row.answer : '',
        answeredAt: new Date(row.updated_at).toISOString(),
        attempts: row.attempts,
        feedback: row.feedback,
        // Reading may reach further than scoring (the view right): the queue says which it can score.
        mayScore: mayScore && (teachReach?.all === true || courses !== undefined),
      },
    ];
  });
}

/** The courses whose groups the reader may filter by: those of their reading scope (undefined: any). */
function coursesReached(modules: readonly TaughtModule[]): string[] | undefined {
  const scopes = modules.map((module) => readScope(module).courses);
  return scopes.some((courses) => courses === undefined)
    ? undefined
    : [...new Set(scopes.flatMap((courses) => courses ?? []))];
}

/** Each participant's group labels within `courses` (undefined: within any course). */
async function groupsOf(
  db: Db,
  userIds: readonly string[],
  courses: readonly string[] | undefined,
): Promise<Map<string, Set<string>>> {
  const groups = new Map<string, Set<string>>();
  if (userIds.length === 0 || courses?.length === 0) return groups;
  let query = db
    .selectFrom('user_links')
    .select(['user_id', 'group_label'])
    .where('item_type', '=', 'course')
    .where('group_label', 'is not', null)
    .where('user_id', 'in', [...userIds]);
  if (courses) query = query.where('item_path', 'in', [...courses]);
  for (const row of await query.execute()) {
    if (!groups.has(row.user_id)) groups.set(row.user_id, new Set());
    groups.get(row.user_id)!.add(row.group_label!);
  }
  return groups;
}

/**
 * result.toGrade: the answers waiting for a score in the scope asked, oldest first, filtered by
 * module, page, question, participant and group; with the choices each filter offers (from the whole
 * scope) and how many answers match in all.
 */
export async function answersToGrade(db: Db, actor: Actor | null, given: ToGradeInput) {
  if (!actor) throw unauthenticated();
  const input = toGradeSchema.parse(given);
  const { name, modules } = await modulesInScope(db, actor, input);
  const all: ToGradeItem[] = [];
  for (const module of modules) all.push(...(await waitingIn(db, actor, module)));
  const groups = await groupsOf(
    db,
    [...new Set(all.map((item) => item.participant._id))],
    input.course ? [input.course] : coursesReached(modules),
  );
  all.sort(
    (a, b) =>
      a.answeredAt.localeCompare(b.answeredAt) ||
      a.participant._id.localeCompare(b.participant._id) ||
      a.page.path.localeCompare(b.page.path) ||
      a.question.name.localeCompare(b.question.name),
  );
  const matching = all.filter(
    (item) =>
      (!input.module || item.module.path === input.module) &&
      (!input.page || item.page.path === input.page) &&
      (!input.question || item.question.name === input.question) &&
      (!input.user || item.participant._id === input.user) &&
      (!input.group || (groups.get(item.participant._id)?.has(input.group) ?? false)),
  );
  const unique = <T>(values: T[], key: (value: T) => string) => [
    ...new Map(values.map((value) => [key(value), value])).values(),
  ];
  return {
    /** The course's or module's name (null: every module the actor reads). */
    scope: { name },
    total: matching.length,
    items: matching.slice(0, input.limit),
    choices: {
      modules: unique(
        all.map((item) => item.module),
        (module) => module.path,
      ),
      pages: unique(
        all.map((item) => ({ module: item.module.path, path: item.page.path, name: item.page.name })),
        (page) => `${page.module}\u0000${page.path}`,
      ),
      questions: unique(
        all.map((item) => ({
          module: item.module.path,
          page: item.page.path,
          name: item.question.name,
          label: item.question.label,
        })),
        (question) => `${question.module}\u0000${question.page}\u0000${question.name}`,
      ),
      participants: unique(
        all.map((item) => ({ _id: item.participant._id, name: item.participant.name })),
        (participant) => participant._id,
      ),
      groups: [...new Set([...groups.values()].flatMap((labels) => [...labels]))].sort((a, b) =>
        a.localeCompare(b),
      ),
    },
  };
}
