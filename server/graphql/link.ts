import { z } from 'zod';
import { pathSchema } from '../../events/shared/fields';
import { addItemToParent, removeItemFromParent } from '../link/commands';
import { builder } from './builder';
import { metaOf } from './context';
import { MutationResult } from './shared';

/** The arguments of addItemToParent and removeItemFromParent, as tRPC's link router checks them. */
const linkSchema = z.object({
  itemType: z.enum(['module', 'file']),
  itemPath: pathSchema,
  parentType: z.enum(['course', 'section']),
  parentPath: pathSchema,
});

builder.mutationFields((t) => {
  const linkArgs = () => ({
    itemType: t.arg.string({ required: true, description: '"module" or "file".' }),
    itemPath: t.arg.string({ required: true }),
    parentType: t.arg.string({ required: true, description: '"course" or "section".' }),
    parentPath: t.arg.string({ required: true }),
  });
  return {
    addItemToParent: t.field({
      type: MutationResult,
      description:
        'Links a module or file to a course or section, last in its list. Needs the right on both sides: the edit right or ownership of the parent, and the edit right or ownership of the module (a published public module may be linked without it, which lets the course list it but not teach it); a file needs the edit right or a parent of it one may edit. Linking twice changes nothing.',
      args: linkArgs(),
      success: 'itemLinked',
      resolve: async (_root, args, ctx) => {
        await addItemToParent(ctx.platform, ctx.actor, metaOf(ctx), linkSchema.parse(args));
        return {};
      },
    }),
    removeItemFromParent: t.field({
      type: MutationResult,
      description: 'Unlinks a module or file from a course or section (idem); the item itself stays.',
      args: linkArgs(),
      success: 'itemUnlinked',
      resolve: async (_root, args, ctx) => {
        await removeItemFromParent(ctx.platform, ctx.actor, metaOf(ctx), linkSchema.parse(args));
        return {};
      },
    }),
  };
});
