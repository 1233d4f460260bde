import { z } from 'zod';
import { languageSchema } from '../../events/shared/fields';
import { router, signedInProcedure } from '../trpc';
import { searchResultOutput } from './outputs';
import { search } from './queries';

/** What a search asks: the words (websearch syntax), how many results, the reader's language. */
const searchInputSchema = z.object({
  q: z.string().trim().min(1, 'validation.required').max(100),
  limit: z.number().int().min(1).max(50).default(20),
  language: languageSchema.default('nl'),
});

export const searchRouter = router({
  /** Courses, modules and pages holding the words that the signed-in reader may open, best first. */
  query: signedInProcedure
    .input(searchInputSchema)
    .output(z.array(searchResultOutput))
    .query(({ ctx, input }) => search(ctx.platform.database.db, ctx.actor, input)),
});
