import { coursePathSchema, createCourseSchema } from '../../events/course/commands';
import { type CourseSummary, findCourseByPath } from '../../projections/course/course-summaries';
import { createCourse, deleteCourse, updateCourse } from '../course/commands';
import { type CourseFacts, canSeeParticipants, visibleCourse, visibleCourses } from '../course/queries';
import { keepVisibleSections } from '../section/queries';
import { inSeenOrder, teamMemberFor } from '../user/queries';
import { builder } from './builder';
import { type GraphQLContext, metaOf } from './context';
import { documentArg, documentOf, type MutationAnswer, publishedSchema } from './errors';
import { FileType } from './file';
import { CourseInput, CourseUpdateInput } from './inputs';
import { parentKey } from './loaders';
import { ModuleType, modulesOfParent } from './module';
import { SectionType } from './section';
import { docDescription, ImageType, MutationResponse, MutationResult, typedDescription } from './shared';
import { UserType } from './user';

/** The course rule's look-ups through the request's loaders. */
const courseFactsOf = (ctx: GraphQLContext): CourseFacts => ({
  owners: async (course) => (ctx.actor ? ctx.loaders.courseOwnerIds.load(course.path) : []),
  linked: async (userId, path) => (await ctx.loaders.links.load(userId)).courses.includes(path),
});

export const CourseType = builder.objectRef<CourseSummary>('Course').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    originId: t.exposeString('originId', { nullable: true }),
    language: t.exposeString('language'),
    info: t.exposeString('info'),
    showUserList: t.exposeBoolean('showUserList'),
    showTeam: t.exposeBoolean('showTeam'),
    location: t.exposeString('location'),
    startdate: t.exposeString('startdate', { nullable: true }),
    enddate: t.exposeString('enddate', { nullable: true }),
    teacher: t.exposeString('teacher'),
    published: t.exposeBoolean('published'),
    public: t.exposeBoolean('public'),
    onHome: t.exposeBoolean('onHome'),
    image: t.field({ type: ImageType, nullable: true, resolve: (course) => course.image }),
    owners: t.field({
      type: [UserType],
      description: 'The course team (its owners), by name.',
      resolve: async (course, _args, ctx) =>
        inSeenOrder(ctx.actor, await ctx.loaders.courseOwners.load(course.courseId), teamMemberFor),
    }),
    users: t.field({
      type: [UserType],
      description:
        'Participants linked to the course, for who manages participants or users, its owners, and any signed-in user when showUserList is on; otherwise empty.',
      resolve: async (course, _args, ctx) => {
        const owners = await ctx.loaders.courseOwners.load(course.courseId);
        const ownerIds = owners.map((owner) => owner._id);
        if (!canSeeParticipants(ctx.actor, course, ownerIds)) return [];
        return inSeenOrder(ctx.actor, await ctx.loaders.courseParticipants.load(course.path));
      },
    }),
    sections: t.field({
      type: [SectionType],
      description:
        'The course sections in order, those the caller may open: every one for who manages the course, otherwise the published ones that are public or of a course the caller is linked to.',
      // One statement for all the courses of a list (the courseSections loader), and the rule's look-ups batched.
      resolve: async (course, _args, ctx) =>
        keepVisibleSections(
          ctx.actor,
          course,
          await ctx.loaders.courseSections.load(course.path),
          courseFactsOf(ctx),
        ),
    }),
    modules: t.field({
      type: [ModuleType],
      description:
        'The modules linked to the course, in order: those the caller may open (none for anonymous callers).',
      resolve: (course, _args, ctx) =>
        modulesOfParent(ctx, { parentType: 'course', parentPath: course.path }),
    }),
    files: t.field({
      type: [FileType],
      description: 'The files linked to the course, in link order.',
      resolve: (course, _args, ctx) =>
        ctx.loaders.parentFiles.load(parentKey({ parentType: 'course', parentPath: course.path })),
    }),
  }),
});

const CourseMutationResult = builder
  .objectRef<MutationAnswer & { course?: CourseSummary | null }>('CourseMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      course: t.field({ type: CourseType, nullable: true, resolve: (result) => result.course ?? null }),
    }),
  });

builder.queryFields((t) => ({
  courses: t.field({
    type: [CourseType],
    description:
      'Published, public courses; with onAdmin, everything for holders of the view right and their own courses for other editors.',
    args: { onAdmin: t.arg.boolean(), published: t.arg.boolean(), onHome: t.arg.boolean() },
    resolve: (_root, args, ctx) =>
      visibleCourses(ctx.platform.database.db, ctx.actor, {
        onAdmin: args.onAdmin ?? undefined,
        published: args.published ?? undefined,
        onHome: args.onHome ?? undefined,
      }),
  }),
  course: t.field({
    type: CourseType,
    nullable: true,
    args: { path: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { path } = coursePathSchema.parse(args);
      return visibleCourse(ctx.platform.database.db, ctx.actor, path);
    },
  }),
}));

/** `doc` is the course form (courseInputSchema) plus `published`, and `path` when creating. */
function splitCourseDoc(value: unknown) {
  const { path, published, ...details } = documentOf(value);
  return { path, published: publishedSchema.parse(published), details };
}

builder.mutationFields((t) => ({
  createCourse: t.field({
    type: CourseMutationResult,
    description:
      'Creates a course (create right) from `doc` (or the typed `input`): the course form (name, language, info, …), optionally `path` and `published` (default true).',
    args: {
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: CourseInput, description: typedDescription }),
    },
    success: 'courseCreated',
    resolve: async (_root, args, ctx) => {
      const { path, published, details } = splitCourseDoc(documentArg(args));
      const input = createCourseSchema.parse({ path, published, course: details });
      const outcome = await createCourse(ctx.platform, ctx.actor, metaOf(ctx), input);
      const created = outcome.events[0]!.data.path as string;
      return { course: await findCourseByPath(ctx.platform.database.db, created) };
    },
  }),
  updateCourse: t.field({
    type: CourseMutationResult,
    description:
      'Changes the fields `doc` (or the typed `input`) names (edit right or ownership); `published: true|false` publishes or unpublishes.',
    args: {
      path: t.arg.string({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: CourseUpdateInput, description: typedDescription }),
    },
    success: 'courseUpdated',
    resolve: async (_root, args, ctx) => {
      const { path } = coursePathSchema.parse(args);
      const { published, details } = splitCourseDoc(documentArg(args));
      await updateCourse(ctx.platform, ctx.actor, metaOf(ctx), { path, course: details, published });
      return { course: await findCourseByPath(ctx.platform.database.db, path) };
    },
  }),
  deleteCourse: t.field({
    type: MutationResult,
    args: { path: t.arg.string({ required: true }) },
    success: 'courseDeleted',
    resolve: async (_root, args, ctx) => {
      const { path } = coursePathSchema.parse(args);
      await deleteCourse(ctx.platform, ctx.actor, metaOf(ctx), path);
      return {};
    },
  }),
}));
