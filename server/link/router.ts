import { z } from 'zod';
import { pathSchema } from '../../events/shared/fields';
import { languageOutput, personOutput } from '../outputs';
import { metaOf, publicProcedure, router, signedInProcedure } from '../trpc';
import { addItemToParent, orderModules, removeItemFromParent } from './commands';
import { teachers, visibleModulesOf } from './queries';

const parentSchema = z.object({ parentType: z.enum(['course', 'section']), parentPath: pathSchema });
const linkSchema = parentSchema.extend({ itemType: z.enum(['module', 'file']), itemPath: pathSchema });

const linkedOutput = z.object({ success: z.literal(true) });
/** A parent's module in its order, as the parent's pages list it. */
const linkedModuleOutput = z.object({
  moduleId: z.string(),
  path: z.string(),
  name: z.string(),
  language: languageOutput,
  published: z.boolean(),
  public: z.boolean(),
  position: z.number(),
});

export const linkRouter = router({
  /** Links a module or file to a course or section (addItemToParent: docs/guide/users-and-roles.md). */
  addItemToParent: signedInProcedure
    .input(linkSchema)
    .output(linkedOutput)
    .mutation(async ({ ctx, input }) => {
      await addItemToParent(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { success: true as const };
    }),
  removeItemFromParent: signedInProcedure
    .input(linkSchema)
    .output(linkedOutput)
    .mutation(async ({ ctx, input }) => {
      await removeItemFromParent(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { success: true as const };
    }),
  /** Saves the order of a parent's modules as the full list of their paths. */
  orderModules: signedInProcedure
    .input(parentSchema.extend({ modules: z.array(pathSchema).max(500) }))
    .output(linkedOutput)
    .mutation(async ({ ctx, input }) => {
      await orderModules(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { success: true as const };
    }),
  /** A parent's modules: those the caller may open; with onAdmin, every one for who manages the parent. */
  modulesOf: publicProcedure
    .input(parentSchema.extend({ onAdmin: z.boolean().optional() }))
    .output(z.array(linkedModuleOutput))
    .query(({ ctx, input: { onAdmin, ...parent } }) =>
      visibleModulesOf(ctx.platform.database.db, ctx.actor, parent, { onAdmin }),
    ),
  /** The users who may be linked as owners: those holding the role 'teacher'. */
  teachers: signedInProcedure
    .output(z.array(personOutput))
    .query(({ ctx }) => teachers(ctx.platform.database.db, ctx.actor)),
});
