import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { type CourseCommand, courseInputSchema, type createCourseSchema } from '../../events/course/commands';
import { type CourseState, courseDecider } from '../../events/course/decider';
import { type CourseDetails, courseStream } from '../../events/course/events';
import { DomainError, invalid, notFound } from '../../events/errors';
import { requireOtherOwner } from '../../events/escalation';
import { type Actor, requireCan } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import {
  type CourseSummary,
  courseIdByPath,
  pathsStartingWith,
} from '../../projections/course/course-summaries';
import { fileIdByPath } from '../../projections/file/file-summaries';
import { linkedPaths, type Parent } from '../../projections/link/content-links';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { sectionsOfCourse } from '../../projections/section/section-summaries';
import { findUserById } from '../../projections/user/users';
import { freePath, typedOrFromName } from '../content/free-path';
import { visibleFile } from '../file/queries';
import { onParent, ownersOfParent, parentTarget } from '../link/commands';
import { addModuleOwner, duplicateModule, translateModuleInto } from '../module/commands';
import { moduleTranslations } from '../module/queries';
import type { Platform } from '../platform';
import { requireLinkRight } from '../rights/link-rights';
import { createSection, sectionDetailsOf } from '../section/commands';
import { visibleSectionsOfCourse } from '../section/queries';
import { visibleCourse } from './queries';

type CourseInput = z.output<typeof courseInputSchema>;

const toDetails = (input: CourseInput): CourseDetails => ({ ...input });

async function existingCourseId(platform: Platform, path: string): Promise<string> {
  const courseId = await courseIdByPath(platform.database.db, path);
  if (!courseId) throw notFound('course.notFound');
  return courseId;
}

const ownersOf = (state: CourseState) => ({ owners: state.status === 'absent' ? [] : state.owners });

export async function createCourse(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createCourseSchema>,
) {
  requireCan(actor, 'create');
  const courseId = uuidv7();
  return execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: () => {},
    command: async (_state, trx): Promise<CourseCommand> => ({
      type: 'CreateCourse',
      data: {
        courseId,
        path: await freePath(
          trx,
          'course',
          typedOrFromName(input.path, input.course.name),
          pathsStartingWith,
        ),
        details: toDetails(input.course),
        ownerId: actor?.userId && actor.userId !== 'system' ? actor.userId : null,
        published: input.published,
      },
    }),
  });
}

function changeCourse(action: 'edit' | 'delete', command: CourseCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const courseId = await existingCourseId(platform, path);
    return execute(platform.pipeline, {
      decider: courseDecider,
      stream: courseStream(courseId),
      meta,
      authorize: (state) => requireCan(actor, action, ownersOf(state)),
      command: () => command,
    });
  };
}

export const publishCourse = changeCourse('edit', { type: 'PublishCourse' });
export const unpublishCourse = changeCourse('edit', { type: 'UnpublishCourse' });
export const deleteCourse = changeCourse('delete', { type: 'DeleteCourse' });

/**
 * Changes a course in one command: the form fields `course` names over the stored ones (the admin
 * form sends them all, GraphQL only those that change), validated together against the state the
 * decision starts from, and with `published` its publication in the same batch of events.
 */
export async function updateCourse(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; course?: Record<string, unknown>; published?: boolean },
) {
  const changes = input.course ?? {};
  if (Object.keys(changes).length === 0 && input.published === undefined)
    throw invalid('errors.invalidInput');
  const courseId = await existingCourseId(platform, input.path);
  return execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: (state) => requireCan(actor, 'edit', ownersOf(state)),
    command: (state): CourseCommand => {
      if (state.status === 'absent') throw notFound('course.notFound');
      if (Object.keys(changes).length === 0)
        return { type: input.published ? 'PublishCourse' : 'UnpublishCourse' };
      const course = courseInputSchema.parse({ ...state.details, ...changes });
      return { type: 'UpdateCourse', data: { details: toDetails(course), published: input.published } };
    },
  });
}

/** The modules a course lists, directly and in its sections, each once, in the course's order. */
async function modulesOfCourse(platform: Platform, path: string): Promise<string[]> {
  const db = platform.database.db;
  const parents: Parent[] = [
    { parentType: 'course', parentPath: path },
    ...(await sectionsOfCourse(db, path)).map((section) => ({
      parentType: 'section' as const,
      parentPath: section.path,
    })),
  ];
  const paths: string[] = [];
  for (const parent of parents) paths.push(...(await linkedPaths(db, parent, 'module')));
  return [...new Set(paths)];
}

/**
 * Makes a user (a teacher) an owner of the course: they may then edit and delete it. With
 * `modules`, also owner of each module the course lists that the assigner may assign owners on
 * (the module's own rule decides; a module it refuses is left out and nothing is written for it).
 * Answers the paths of the modules included. Each item is its own stream, so the course and each
 * module are separate commands, one transaction each: a failure half-way leaves the course and the
 * modules before it assigned, which the same call completes when repeated (an owner added twice is
 * no change).
 */
export async function addCourseOwner(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; userId: string; modules?: boolean },
): Promise<string[]> {
  requireCan(actor, 'assign_owners');
  requireOtherOwner(actor, input.userId);
  const courseId = await existingCourseId(platform, input.path);
  if (!(await findUserById(platform.database.db, input.userId))) throw notFound('user.notFound');
  await execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: () => requireCan(actor, 'assign_owners'),
    command: (): CourseCommand => ({ type: 'AddCourseOwner', data: { userId: input.userId } }),
  });
  if (!input.modules) return [];
  const included: string[] = [];
  for (const path of await modulesOfCourse(platform, input.path)) {
    try {
      await addModuleOwner(platform, actor, meta, { path, userId: input.userId });
      included.push(path);
    } catch (error) {
      const leftOut = error instanceof DomainError && ['FORBIDDEN', 'NOT_FOUND'].includes(error.code);
      if (!leftOut) throw error;
    }
  }
  return included;
}

export async function removeCourseOwner(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; userId: string },
) {
  requireCan(actor, 'assign_owners');
  requireOtherOwner(actor, input.userId);
  const courseId = await existingCourseId(platform, input.path);
  return execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: () => requireCan(actor, 'assign_owners'),
    command: (): CourseCommand => ({ type: 'RemoveCourseOwner', data: { userId: input.userId } }),
  });
}

/** A stored course's form values (for copies). */
const courseDetailsOf = (course: CourseSummary): CourseDetails => ({
  name: course.name,
  language: course.language,
  info: course.info,
  originId: course.originId,
  showUserList: course.showUserList,
  showTeam: course.showTeam,
  location: course.location,
  startdate: course.startdate,
  enddate: course.enddate,
  teacher: course.teacher,
  public: course.public,
  onHome: course.onHome,
  image: course.image,
});

/** Whether a read check passes: true, or false when it refuses (any other failure is thrown). */
const passes = (check: Promise<unknown>): Promise<boolean> =>
  check.then(
    () => true,
    (error) => {
      if (error instanceof DomainError) return false;
      throw error;
    },
  );

/** What a course's copy links in place of the original's modules: the same ones, or copies of them. */
export type CopiedModules = 'copy' | 'share';

/** A module of the original that the copy or translation does not carry, and why. */
export interface ModuleLeftOut {
  path: string;
  /** `notOpened`: the copier may not open it (so may not copy it); `notLinkable`: nor link it. */
  reason: 'notOpened' | 'notLinkable';
}

/** The modules a course's copy or translation carried: made for it, linked as they were, left out. */
export interface CarriedModules {
  made: string[];
  linked: string[];
  leftOut: ModuleLeftOut[];
}

/** The modules a copy carries, once each however many of its sections link it. */
interface ModuleCarrier {
  /** The module to link in place of the original's, or null when it is left out (noted). */
  carry: (modulePath: string) => Promise<string | null>;
  outcome: CarriedModules;
}

/**
 * How a copy or translation carries the original's modules: `share` links the same modules; `copy`
 * makes an unpublished copy of each (docs/adr/0017-copies-start-unpublished.md), so editing next
 * year's course leaves this year's untouched; a language links the module's translation into it
 * when one exists, else makes one, unpublished. A module the copier may not open is left out.
 */
function moduleCarrier(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  how: CopiedModules | { translateTo: Language },
): ModuleCarrier {
  const outcome: CarriedModules = { made: [], linked: [], leftOut: [] };
  const carried = new Map<string, Promise<string | null>>();
  const carryOne = async (path: string): Promise<string | null> => {
    if (how === 'share') return path;
    try {
      if (how === 'copy') {
        const copy = await duplicateModule(platform, actor, meta, path);
        outcome.made.push(copy);
        return copy;
      }
      const existing = (await moduleTranslations(platform.database.db, actor, path)).find(
        (member) => member.language === how.translateTo,
      );
      if (existing) return existing.path;
      const translation = await translateModuleInto(platform, actor, meta, path, how.translateTo);
      outcome.made.push(translation);
      return translation;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.leftOut.push({ path, reason: 'notOpened' });
      return null;
    }
  };
  return {
    carry: (path) => {
      if (!carried.has(path)) carried.set(path, carryOne(path));
      return carried.get(path)!;
    },
    outcome,
  };
}

/**
 * Links to the copy the modules the carrier gives for the original parent's, in the original's
 * order, as far as the copier may link them (the link rule), so a copy never reaches what its
 * copier could not read and lends no teaching rights its copier could not give.
 */
async function linkCarriedModules(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  from: Parent,
  to: Parent,
  modules: ModuleCarrier,
) {
  const db = platform.database.db;
  const target = await parentTarget(db, to.parentType, to.parentPath);
  const { outcome } = modules;
  for (const originalPath of await linkedPaths(db, from, 'module')) {
    const modulePath = await modules.carry(originalPath);
    if (modulePath === null) continue;
    const moduleId = await moduleIdByPath(db, modulePath);
    const link = { itemType: 'module' as const, itemPath: modulePath };
    if (moduleId && (await passes(requireLinkRight(db, actor, target, link, 'link', ownersOfParent(db))))) {
      await onParent(platform, actor, meta, target, { type: 'LinkModule', data: { moduleId, modulePath } });
      if (!outcome.made.includes(modulePath) && !outcome.linked.includes(modulePath))
        outcome.linked.push(modulePath);
    } else if (!outcome.leftOut.some((left) => left.path === originalPath))
      outcome.leftOut.push({ path: originalPath, reason: 'notLinkable' });
  }
}

/** Links to the copy what the original parent links: its modules as the carrier gives them, and its files. */
async function copyLinks(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  from: Parent,
  to: Parent,
  modules: ModuleCarrier,
) {
  await linkCarriedModules(platform, actor, meta, from, to, modules);
  const db = platform.database.db;
  const target = await parentTarget(db, to.parentType, to.parentPath);
  for (const filePath of await linkedPaths(db, from, 'file')) {
    const fileId = await fileIdByPath(db, filePath);
    const link = { itemType: 'file' as const, itemPath: filePath };
    if (
      fileId &&
      (await passes(visibleFile(db, actor, filePath))) &&
      (await passes(requireLinkRight(db, actor, target, link, 'link', ownersOfParent(db))))
    )
      await onParent(platform, actor, meta, target, { type: 'LinkFile', data: { fileId, filePath } });
  }
}

/**
 * The original of a copy (duplicate or translation): the create right, and the course must open
 * for this actor exactly as `course.byPath` would (the one ownership rule); with the
 * sections of it they may open, in order.
 */
async function originalForCopy(platform: Platform, actor: Actor | null, path: string) {
  requireCan(actor, 'create');
  const db = platform.database.db;
  const course = await visibleCourse(db, actor, path);
  return { course, sections: await visibleSectionsOfCourse(db, actor, path) };
}

/**
 * A copy of the course named '… (copy)', unpublished (preparing a new edition must not show learners
 * a second course before it is ready, docs/adr/0017-copies-start-unpublished.md), with copies of its sections
 * (in order, each published or not like its original), the same files linked, and its modules and
 * its sections' modules copied (unpublished, each once) or, with `modules: 'share'`, the same
 * modules linked (an edit to one then changes both courses), as far as the copier may open them
 * (the create right and opening the course are required). The copier owns the copy. The steps are
 * separate commands: a failure half-way leaves a partial copy.
 */
export async function duplicateCourse(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
  modules: CopiedModules = 'copy',
): Promise<{ path: string; modules: CarriedModules }> {
  const { course: original, sections } = await originalForCopy(platform, actor, path);
  const created = await createCourse(platform, actor, meta, {
    // A copy starts its own translation group: it is not a translation of anything.
    course: { ...courseDetailsOf(original), originId: null, name: `${original.name} (copy)`.slice(0, 200) },
    published: false,
  });
  const copyPath = created.events[0]!.data.path;
  const carrier = moduleCarrier(platform, actor, meta, modules);
  await copyLinks(
    platform,
    actor,
    meta,
    { parentType: 'course', parentPath: path },
    { parentType: 'course', parentPath: copyPath },
    carrier,
  );
  for (const section of sections) {
    const sectionPath = await createSection(platform, actor, meta, {
      parentType: 'course',
      parentPath: copyPath,
      published: section.published,
      section: { ...sectionDetailsOf(section), originId: null },
    });
    await copyLinks(
      platform,
      actor,
      meta,
      { parentType: 'section', parentPath: section.path },
      { parentType: 'section', parentPath: sectionPath },
      carrier,
    );
  }
  return { path: copyPath, modules: carrier.outcome };
}

/**
 * A translation of the course: a new course from the form the client prefilled, pointing to the
 * original of its group (originId), unpublished until its author publishes it, with every section
 * recreated in order, in the new language and named '… (fr)'. The modules of the course and of its
 * sections are carried into the new language: a module's translation into it is linked when one
 * exists, else one is made (unpublished, '… (fr)', its texts still to translate); a module the
 * translator may not open is left out and named in the answer. With `modules: 'none'` the
 * translation links no module. Files are not carried over: they exist per language.
 */
export async function translateCourse(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; course: CourseInput },
  { modules = 'translate' }: { modules?: 'translate' | 'none' } = {},
): Promise<{ path: string; modules: CarriedModules }> {
  const { course: original, sections } = await originalForCopy(platform, actor, input.path);
  const language = input.course.language;
  const created = await createCourse(platform, actor, meta, {
    course: { ...input.course, originId: original.originId ?? original.courseId },
    published: false,
  });
  const translationPath = created.events[0]!.data.path;
  const carrier = moduleCarrier(platform, actor, meta, { translateTo: language });
  const carryModules = (from: Parent, to: Parent) =>
    modules === 'none' ? Promise.resolve() : linkCarriedModules(platform, actor, meta, from, to, carrier);
  await carryModules(
    { parentType: 'course', parentPath: input.path },
    { parentType: 'course', parentPath: translationPath },
  );
  for (const section of sections) {
    const sectionPath = await createSection(platform, actor, meta, {
      parentType: 'course',
      parentPath: translationPath,
      section: {
        ...sectionDetailsOf(section),
        name: `${section.name} (${language})`.slice(0, 200),
        language,
        originId: section.originId ?? section.sectionId,
      },
    });
    await carryModules(
      { parentType: 'section', parentPath: section.path },
      { parentType: 'section', parentPath: sectionPath },
    );
  }
  return { path: translationPath, modules: carrier.outcome };
}
