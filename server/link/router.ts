import { z } from 'zod';
import { pathSchema } from '../../events/shared/fields';
import { authenticatedProcedure, metaOf, publicProcedure, router } from '../trpc';
import { addItemToParent, orderModules, removeItemFromParent } from './commands';
import { teachers, visibleModulesOf } from './queries';

const parentSchema = z.object({ parentType: z.enum(['course', 'section']), parentPath: pathSchema });
const linkSchema = parentSchema.extend({ itemType: z.enum(['module', 'file']), itemPath: pathSchema });

export const linkRouter = router({
  /** Links a module or file to a course or section (addItemToParent: docs/guide/users-and-roles.md). */
  addItemToParent: publicProcedure.input(linkSchema).mutation(async ({ ctx, input }) => {
    await addItemToParent(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { success: true as const };
  }),
  removeItemFromParent: publicProcedure.input(linkSchema).mutation(async ({ ctx, input }) => {
    await removeItemFromParent(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { success: true as const };
  }),
  /** Saves the order of a parent's modules as the full list of their paths. */
  orderModules: publicProcedure
    .input(parentSchema.extend({ modules: z.array(pathSchema).max(500) }))
    .mutation(async ({ ctx, input }) => {
      await orderModules(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { success: true as const };
    }),
  /** A parent's modules: those the caller may open; with onAdmin, every one for who manages the parent. */
  modulesOf: publicProcedure
    .input(parentSchema.extend({ onAdmin: z.boolean().optional() }))
    .query(({ ctx, input: { onAdmin, ...parent } }) =>
      visibleModulesOf(ctx.platform.database.db, ctx.actor, parent, { onAdmin }),
    ),
  /** The users who may be linked as owners: those holding the role 'teacher'. */
  teachers: authenticatedProcedure.query(({ ctx }) => teachers(ctx.platform.database.db, ctx.actor)),
});
