import { z } from 'zod';
import { coursePathSchema } from '../../events/course/commands';
import { languageOutput, namedItemOutput } from '../outputs';
import { publicProcedure, router, signedInProcedure } from '../trpc';
import { courseTranslations, translationGroups } from './queries';

const translationGroupOutput = z.object({
  originId: z.string(),
  kind: z.enum(['course', 'module']),
  items: z.array(
    z.object({ path: z.string(), name: z.string(), language: languageOutput, isOriginal: z.boolean() }),
  ),
});

export const translationRouter = router({
  /** Every original course or module that has translations, with them (the view right). */
  groups: signedInProcedure
    .output(z.array(translationGroupOutput))
    .query(({ ctx }) => translationGroups(ctx.platform.database.db, ctx.actor)),
  /** The course and its translations; learners see the published, public ones. */
  ofCourse: publicProcedure
    .input(coursePathSchema)
    .output(z.array(namedItemOutput))
    .query(({ ctx, input }) => courseTranslations(ctx.platform.database.db, ctx.actor, input.path)),
});
