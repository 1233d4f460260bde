import { z } from 'zod';
import { languageSchema } from '../../events/shared/fields';

/** One item a search found, as the reader may see it. */
export const searchResultOutput = z.object({
  kind: z.enum(['course', 'module', 'page']),
  name: z.string(),
  path: z.string(),
  language: languageSchema,
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
  moduleName: z.string().nullable(),
});
