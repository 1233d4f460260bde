import { coursePathSchema } from '../../events/course/commands';
import { modulePathSchema } from '../../events/module/commands';
import { moduleTranslations } from '../module/queries';
import { courseTranslations, type TranslationGroup, translationGroups } from '../translation/queries';
import { builder } from './builder';
import { signedIn } from './errors';

type TranslationItem = { path: string; name: string; language: string; isOriginal?: boolean };

/** One member of a translation group (a course or module and its copies in other languages). */
const TranslationPathType = builder.objectRef<TranslationItem>('TranslationPath').implement({
  description: 'One member of a translation group.',
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    language: t.exposeString('language'),
  }),
});

const TranslationItemType = builder.objectRef<TranslationItem>('TranslationItem').implement({
  description: 'One member of a translation group, marked when it is the original.',
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    language: t.exposeString('language'),
    isOriginal: t.boolean({ resolve: (item) => item.isOriginal ?? false }),
  }),
});

/**
 * A translation (docs/guide/building-a-course.md#duplicate-and-translate): an original course or
 * module with its translations.
 */
const TranslationType = builder.objectRef<TranslationGroup>('Translation').implement({
  fields: (t) => ({
    _id: t.id({ description: 'The id of the original.', resolve: (group) => group.originId }),
    path: t.string({
      description: "The group's paths separated by slashes, the original first.",
      resolve: (group) => group.items.map((item) => item.path).join('/'),
    }),
    kind: t.exposeString('kind', { description: 'course or module' }),
    originId: t.exposeString('originId'),
    items: t.field({ type: [TranslationItemType], resolve: (group) => group.items }),
  }),
});

builder.queryFields((t) => ({
  translations: t.field({
    type: [TranslationType],
    description: 'Every original course or module that has translations, with them (the view right).',
    resolve: async (_root, _args, ctx) => {
      signedIn(ctx);
      return translationGroups(ctx.platform.database.db, ctx.actor);
    },
  }),
  courseTranslationsPaths: t.field({
    type: [TranslationPathType],
    description:
      'The translation group of a course, itself included; learners see its published, public members.',
    args: { path: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      courseTranslations(ctx.platform.database.db, ctx.actor, coursePathSchema.parse(args).path),
  }),
  moduleTranslationsPaths: t.field({
    type: [TranslationPathType],
    description: 'The translation group of a module, itself included: the ones the caller may see.',
    args: { path: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      moduleTranslations(ctx.platform.database.db, ctx.actor, modulePathSchema.parse(args).path),
  }),
}));
