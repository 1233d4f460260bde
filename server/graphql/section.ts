import { createSectionSchema, sectionPathSchema } from '../../events/section/commands';
import type { Classroom } from '../../events/section/events';
import { findSectionByPath, type SectionSummary } from '../../projections/section/section-summaries';
import { createSection, deleteSection, updateSection } from '../section/commands';
import { mayEnterClassroomWith, visibleSection } from '../section/queries';
import { builder } from './builder';
import { type GraphQLContext, metaOf } from './context';
import { documentArg, documentOf, type MutationAnswer, publishedSchema } from './errors';
import { FileType } from './file';
import { SectionInput, SectionUpdateInput } from './inputs';
import { parentKey } from './loaders';
import { ModuleType, modulesOfParent } from './module';
import { docDescription, ImageType, MutationResponse, MutationResult, typedDescription } from './shared';
import { UserType } from './user';

type Recording = Classroom['recordings'][number];
type BreakoutRoom = Classroom['breakoutrooms'][number];

const RecordingType = builder.objectRef<Recording>('Recording').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    titel: t.exposeString('titel'),
  }),
});

const BreakoutRoomType = builder.objectRef<BreakoutRoom>('BreakoutRoom').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    startdate: t.exposeString('startdate', { nullable: true }),
    jitsi: t.exposeString('jitsi'),
    roomNumber: t.exposeInt('roomNumber'),
    breakoutroomInteriorInfo: t.exposeString('breakoutroomInteriorInfo'),
  }),
});

/** A classroom with the path of its section's course, which decides who sees its meeting credentials. */
type ClassroomView = Classroom & { coursePath: string };

/**
 * Meeting credentials reach only who may enter the classroom (the rule of tRPC's section queries,
 * `mayEnterClassroomWith`); every section reaching this type has passed the section rule.
 */
async function mayEnter(ctx: GraphQLContext, coursePath: string): Promise<boolean> {
  if (!ctx.actor) return false;
  const owners = await ctx.loaders.courseOwnerIds.load(coursePath);
  return mayEnterClassroomWith(
    ctx.actor,
    { public: await ctx.loaders.publicCourse.load(coursePath) },
    owners,
    async (userId) => (await ctx.loaders.links.load(userId)).courses.includes(coursePath),
  );
}

/** Decided only when a credential is asked for, so a query without them costs no look-up. */
const credential = async (ctx: GraphQLContext, room: ClassroomView, value: string) =>
  (await mayEnter(ctx, room.coursePath)) ? value : null;
const credentialNote =
  'Null for who may not enter the classroom: anonymous callers, and signed-in users who are neither linked to the course nor managing it, unless the course is public.';

const ClassroomType = builder.objectRef<ClassroomView>('Classroom').implement({
  description: 'The live part of a section (zoom or jitsi).',
  fields: (t) => ({
    name: t.exposeString('name'),
    type: t.exposeString('type', { description: 'zoom or jitsi' }),
    startdate: t.exposeString('startdate', { nullable: true }),
    enddate: t.exposeString('enddate', { nullable: true }),
    meetingId: t.string({
      nullable: true,
      description: credentialNote,
      resolve: (room, _args, ctx) => credential(ctx, room, room.meetingId),
    }),
    pwd: t.string({
      nullable: true,
      description: credentialNote,
      resolve: (room, _args, ctx) => credential(ctx, room, room.pwd),
    }),
    extraInfo: t.exposeString('extraInfo'),
    recordings: t.field({ type: [RecordingType], resolve: (room) => room.recordings }),
    breakoutrooms: t.field({ type: [BreakoutRoomType], resolve: (room) => room.breakoutrooms }),
    breakoutroomCountdown: t.exposeInt('breakoutroomCountdown', { description: 'Minutes.' }),
    breakoutroomCountdownStarted: t.exposeString('breakoutroomCountdownStarted', { nullable: true }),
    breakoutroomInfo: t.exposeString('breakoutroomInfo'),
  }),
});

/** A course section (docs/guide/building-a-course.md). */
export const SectionType = builder.objectRef<SectionSummary>('Section').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    originId: t.exposeString('originId', { nullable: true }),
    info: t.exposeString('info'),
    date: t.exposeString('date', { nullable: true }),
    location: t.exposeString('location'),
    teacher: t.exposeString('teacher'),
    classroom: t.field({
      type: ClassroomType,
      nullable: true,
      resolve: (section) => section.classroom && { ...section.classroom, coursePath: section.parentPath },
    }),
    image: t.field({ type: ImageType, nullable: true, resolve: (section) => section.image }),
    published: t.exposeBoolean('published'),
    public: t.exposeBoolean('public'),
    language: t.exposeString('language'),
    parentType: t.exposeString('parentType', { description: "Always 'course'." }),
    parentPath: t.exposeString('parentPath'),
    // Not wired yet, so a typed empty list: section owners do not exist on the platform (a
    // course's owners look after its sections).
    owners: t.field({ type: [UserType], resolve: () => [] }),
    modules: t.field({
      type: [ModuleType],
      description:
        'The modules linked to the section, in order: those the caller may open (none for anonymous callers).',
      resolve: (section, _args, ctx) =>
        modulesOfParent(ctx, { parentType: 'section', parentPath: section.path }),
    }),
    files: t.field({
      type: [FileType],
      description: 'The files linked to the section, in link order.',
      resolve: (section, _args, ctx) =>
        ctx.loaders.parentFiles.load(parentKey({ parentType: 'section', parentPath: section.path })),
    }),
  }),
});

const SectionMutationResult = builder
  .objectRef<MutationAnswer & { section?: SectionSummary | null }>('SectionMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      section: t.field({ type: SectionType, nullable: true, resolve: (result) => result.section ?? null }),
    }),
  });

builder.queryFields((t) => ({
  section: t.field({
    type: SectionType,
    nullable: true,
    description:
      'One section: published ones of a visible course for learners, any for holders of the view or edit right.',
    args: { path: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) =>
      visibleSection(ctx.platform.database.db, ctx.actor, sectionPathSchema.parse(args).path),
  }),
}));

/**
 * `doc` is the section form (sectionInputSchema) plus `published`, and when creating `path`,
 * `parentType: "course"` and `parentPath`.
 */
function splitSectionDoc(value: unknown) {
  const { path, published, parentType, parentPath, ...details } = documentOf(value);
  return { path, parentType, parentPath, published: publishedSchema.parse(published), details };
}

builder.mutationFields((t) => ({
  createSection: t.field({
    type: SectionMutationResult,
    description:
      'Creates a section in a course (edit right on the course, or owning it) from `doc` (or the typed `input`): `parentType: "course"`, `parentPath`, the section form (name, language, classroom, …), optionally `path` and `published` (default true).',
    args: {
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: SectionInput, description: typedDescription }),
    },
    success: 'sectionCreated',
    resolve: async (_root, args, ctx) => {
      const { path, parentType, parentPath, published, details } = splitSectionDoc(documentArg(args));
      const input = createSectionSchema.parse({
        path,
        published,
        parentType,
        parentPath,
        section: details,
      });
      const created = await createSection(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { section: await findSectionByPath(ctx.platform.database.db, created) };
    },
  }),
  updateSection: t.field({
    type: SectionMutationResult,
    description:
      'Changes the fields `doc` (or the typed `input`) names (edit right or ownership of the course); `published: true|false` publishes or unpublishes. A section stays in its course.',
    args: {
      path: t.arg.string({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: SectionUpdateInput, description: typedDescription }),
    },
    success: 'sectionUpdated',
    resolve: async (_root, args, ctx) => {
      const { path } = sectionPathSchema.parse(args);
      const { parentType, parentPath, published, details } = splitSectionDoc(documentArg(args));
      // Moving a section to another course is not an update (the command refuses another parent).
      await updateSection(ctx.platform, ctx.actor, metaOf(ctx), {
        path,
        section: details,
        published,
        parentType,
        parentPath,
      });
      return { section: await findSectionByPath(ctx.platform.database.db, path) };
    },
  }),
  deleteSection: t.field({
    type: MutationResult,
    description: 'Deletes a section (delete right or ownership of the course).',
    args: { path: t.arg.string({ required: true }) },
    success: 'sectionDeleted',
    resolve: async (_root, args, ctx) => {
      const { path } = sectionPathSchema.parse(args);
      await deleteSection(ctx.platform, ctx.actor, metaOf(ctx), path);
      return {};
    },
  }),
}));
