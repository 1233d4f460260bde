import { coursePathSchema } from '../../events/course/commands';
import { notFound } from '../../events/errors';
import { can } from '../../events/permissions';
import {
  createSectionSchema,
  reorderSectionsSchema,
  sectionPathSchema,
  updateSectionSchema,
} from '../../events/section/commands';
import { sectionDecider } from '../../events/section/decider';
import { sectionStream } from '../../events/section/events';
import { readStream } from '../../events/store';
import { findSectionByPath, sectionsOfCourse } from '../../projections/section/section-summaries';
import { visibleCourse } from '../course/queries';
import { historyOf } from '../history';
import { type Context, procedureFor, publicProcedure, router } from '../trpc';
import {
  createSection,
  deleteSection,
  orderSections,
  publishSection,
  unpublishSection,
  updateSection,
} from './commands';

const metaOf = (ctx: Context) => ({
  actorId: ctx.actor?.userId ?? null,
  requestId: ctx.requestId,
  now: new Date(),
});

export const sectionRouter = router({
  /** A course's sections in order; learners see the published ones of a course they may see. */
  listByCourse: publicProcedure.input(coursePathSchema).query(async ({ ctx, input }) => {
    await visibleCourse(ctx.platform.database.db, ctx.actor, input.path);
    const editor = can(ctx.actor, 'view') || can(ctx.actor, 'edit');
    return sectionsOfCourse(ctx.platform.database.db, input.path, editor ? {} : { published: true });
  }),
  byPath: publicProcedure.input(sectionPathSchema).query(async ({ ctx, input }) => {
    const section = await findSectionByPath(ctx.platform.database.db, input.path);
    const editor = can(ctx.actor, 'view') || can(ctx.actor, 'edit');
    if (!section || (!section.published && !editor)) throw notFound('section.notFound');
    await visibleCourse(ctx.platform.database.db, ctx.actor, section.parentPath);
    return section;
  }),
  history: procedureFor('view')
    .input(sectionPathSchema)
    .query(async ({ ctx, input }) => {
      const section = await findSectionByPath(ctx.platform.database.db, input.path);
      if (!section) throw notFound('section.notFound');
      return historyOf(
        sectionDecider,
        await readStream(ctx.platform.database.db, sectionStream(section.sectionId)),
      );
    }),
  create: publicProcedure.input(createSectionSchema).mutation(async ({ ctx, input }) => ({
    path: await createSection(ctx.platform, ctx.actor, metaOf(ctx), input),
  })),
  update: publicProcedure.input(updateSectionSchema).mutation(async ({ ctx, input }) => {
    await updateSection(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { path: input.path };
  }),
  publish: publicProcedure.input(sectionPathSchema).mutation(async ({ ctx, input }) => {
    await publishSection(ctx.platform, ctx.actor, metaOf(ctx), input.path);
    return { path: input.path };
  }),
  unpublish: publicProcedure.input(sectionPathSchema).mutation(async ({ ctx, input }) => {
    await unpublishSection(ctx.platform, ctx.actor, metaOf(ctx), input.path);
    return { path: input.path };
  }),
  delete: publicProcedure.input(sectionPathSchema).mutation(async ({ ctx, input }) => {
    await deleteSection(ctx.platform, ctx.actor, metaOf(ctx), input.path);
    return { path: input.path };
  }),
  /** Saves the course's section order (the list of section paths). */
  order: publicProcedure.input(reorderSectionsSchema).mutation(async ({ ctx, input }) => {
    await orderSections(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { path: input.path };
  }),
});
