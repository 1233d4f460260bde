import { coursePathSchema } from '../../events/course/commands';
import { authenticatedProcedure, publicProcedure, router } from '../trpc';
import { courseTranslations, translationGroups } from './queries';

export const translationRouter = router({
  /** Every original course or module that has translations, with them (the view right). */
  groups: authenticatedProcedure.query(({ ctx }) => translationGroups(ctx.platform.database.db, ctx.actor)),
  /** The course and its translations; learners see the published, public ones. */
  ofCourse: publicProcedure
    .input(coursePathSchema)
    .query(({ ctx, input }) => courseTranslations(ctx.platform.database.db, ctx.actor, input.path)),
});
