import { z } from 'zod';
import { type Rules, requireCan } from '../../events/permissions';
import { createUserSchema, itemTypeSchema, profileSchema, userIdSchema } from '../../events/user/commands';
import { findUserById, type UserProfile } from '../../projections/user/users';
import { deleteUser, linkUser, updateUser } from '../user/commands';
import { canSeeLinksOf, userFor, userSearchSchema, visibleUser, visibleUsers } from '../user/queries';
import { usersCsv } from '../user/users-csv';
import { builder } from './builder';
import { metaOf } from './context';
import { documentArg, type MutationAnswer, signedIn } from './errors';
import { UserInput } from './inputs';
import { docDescription, ImageType, MutationResponse, MutationResult, typedDescription } from './shared';

const RulesType = builder.objectRef<Rules>('Rules').implement({
  description: 'What the signed-in user may do, merged from their roles (admin: everything).',
  fields: (t) => ({
    view: t.exposeBoolean('view'),
    create: t.exposeBoolean('create'),
    edit: t.exposeBoolean('edit'),
    delete: t.exposeBoolean('delete'),
    assign_participants: t.exposeBoolean('assign_participants'),
    assign_owners: t.exposeBoolean('assign_owners'),
    manage_roles: t.exposeBoolean('manage_roles'),
    manage_users: t.exposeBoolean('manage_users'),
  }),
});

/** A user as the viewer's audience may see them: projected before they get here (userFor, teamMemberFor). */
export const UserType = builder.objectRef<UserProfile>('User').implement({
  fields: (t) => ({
    _id: t.exposeID('_id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone', {
      nullable: true,
      description: 'For the user themself and holders of manage_users; null for anyone else.',
    }),
    profession: t.exposeString('profession', {
      nullable: true,
      description:
        'For the user themself and holders of manage_users, and of course and module owners (their team card); null otherwise.',
    }),
    riziv: t.exposeString('riziv', {
      nullable: true,
      description: 'For the user themself and holders of manage_users; null for anyone else.',
    }),
    description: t.exposeString('description', {
      nullable: true,
      description:
        'For the user themself and holders of manage_users, and of course and module owners (their team card); null otherwise.',
    }),
    roles: t.exposeStringList('roles'),
    language: t.exposeString('language'),
    createdAt: t.exposeString('createdAt'),
    fullPrivacy: t.exposeBoolean('fullPrivacy'),
    image: t.field({ type: ImageType, nullable: true, resolve: (user) => user.image }),
    courses: t.stringList({
      description:
        'Paths of the courses the user is linked to (shown to themselves and to who manages links).',
      resolve: async (user, _args, ctx) =>
        canSeeLinksOf(ctx.actor, user._id) ? (await ctx.loaders.links.load(user._id)).courses : [],
    }),
    modules: t.stringList({
      description: 'Paths of the modules the user is linked to (idem).',
      resolve: async (user, _args, ctx) =>
        canSeeLinksOf(ctx.actor, user._id) ? (await ctx.loaders.links.load(user._id)).modules : [],
    }),
    // certificates and courseCertificates: see certificate.ts.
  }),
});

const CurrentUserWithRulesType = builder
  .objectRef<{ _id: string; roles: string[]; rules: Rules }>('CurrentUserWithRules')
  .implement({
    fields: (t) => ({
      _id: t.exposeID('_id'),
      roles: t.exposeStringList('roles'),
      rules: t.field({ type: RulesType, resolve: (user) => user.rules }),
    }),
  });

const UserMutationResult = builder
  .objectRef<MutationAnswer & { user?: UserProfile | null }>('UserMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      user: t.field({ type: UserType, nullable: true, resolve: (result) => result.user ?? null }),
    }),
  });

/** Null, not undefined, for absent arguments is what GraphQL gives; zod's optional wants undefined. */
const given = <T extends Record<string, unknown>>(args: T) =>
  Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));

builder.queryFields((t) => ({
  currentUser: t.field({
    type: UserType,
    nullable: true,
    description: 'The signed-in user, or null when signed out.',
    resolve: (_root, _args, ctx) => (ctx.actor ? ctx.loaders.user.load(ctx.actor.userId) : null),
  }),
  currentUserWithRules: t.field({
    type: CurrentUserWithRulesType,
    nullable: true,
    resolve: (_root, _args, { actor }) =>
      actor ? { _id: actor.userId, roles: actor.roles, rules: actor.rules } : null,
  }),
  users: t.field({
    type: [UserType],
    nullable: true,
    description:
      'Users (manage_users or assign_participants), optionally those linked to a course or module.',
    args: {
      course: t.arg.string(),
      module: t.arg.string(),
      getAccess: t.arg.boolean({
        description: "Kept for the documented clients: each user's courses and modules are always available.",
      }),
      search: t.arg.string(),
      limit: t.arg.int({ description: 'At most 500; 200 when not given.' }),
      offset: t.arg.int(),
    },
    resolve: async (_root, { getAccess: _getAccess, ...args }, ctx) => {
      signedIn(ctx);
      return visibleUsers(ctx.platform.database.db, ctx.actor, userSearchSchema.parse(given(args)));
    },
  }),
  user: t.field({
    type: UserType,
    nullable: true,
    args: { _id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      signedIn(ctx);
      return visibleUser(ctx.platform.database.db, ctx.actor, userIdSchema.parse(String(args._id)));
    },
  }),
  usersCSV: t.string({
    nullable: true,
    description:
      'Every user as CSV (manage_users): the same text as GET /api/users.csv. Administrators are listed for administrators only.',
    resolve: async (_root, _args, ctx) => {
      const actor = requireCan(signedIn(ctx), 'manage_users');
      let csv = '';
      for await (const chunk of usersCsv(ctx.platform, actor, ctx.requestId)) csv += chunk;
      return csv;
    },
  }),
}));

const profileFields = Object.keys(profileSchema.shape) as (keyof typeof profileSchema.shape)[];

const linkInput = z.object({
  userId: userIdSchema,
  itemType: itemTypeSchema,
  itemPath: z.string().min(1).max(200),
});

builder.mutationFields((t) => ({
  updateUser: t.field({
    type: UserMutationResult,
    description:
      'Changes the profile fields `doc` (or the typed `input`) names (name, phone, profession, riziv, description, image, fullPrivacy, language) and, with `roles`, the roles (manage_users).',
    args: {
      _id: t.arg.id({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: UserInput, description: typedDescription }),
    },
    success: 'userUpdated',
    resolve: async (_root, args, ctx) => {
      const actor = signedIn(ctx);
      const db = ctx.platform.database.db;
      const userId = userIdSchema.parse(String(args._id));
      const doc = documentArg(args);
      const profile = Object.fromEntries(
        profileFields.filter((key) => key in doc).map((key) => [key, doc[key]]),
      );
      const roles = 'roles' in doc ? createUserSchema.shape.roles.parse(doc.roles) : undefined;
      await updateUser(ctx.platform, actor, metaOf(ctx), userId, { profile, roles });
      const user = await findUserById(db, userId);
      return { user: user && userFor(actor, user) };
    },
  }),
  deleteUser: t.field({
    type: MutationResult,
    description:
      "Erases the account and the person's personal data (manage_users; or oneself, with `reauth`).",
    args: {
      _id: t.arg.id({ required: true }),
      reauth: t.arg.string({
        description:
          'Erasing oneself: the proof POST /auth/reauth answers after the password (and second factor) again, minutes old at most.',
      }),
    },
    success: 'userDeleted',
    resolve: async (_root, args, ctx) => {
      const userId = userIdSchema.parse(String(args._id));
      await deleteUser(ctx.platform, signedIn(ctx), metaOf(ctx), userId, args.reauth);
      return {};
    },
  }),
  addItemToUser: t.field({
    type: MutationResult,
    description:
      'Links a user to a course or module (assign_participants or manage_users, on a course or module one may edit or owns).',
    args: {
      _id: t.arg.id({ required: true }),
      itemType: t.arg.string({ required: true, description: "'course' or 'module'" }),
      itemPath: t.arg.string({ required: true }),
    },
    success: 'userLinked',
    resolve: async (_root, args, ctx) => {
      const link = linkInput.parse({ ...args, userId: String(args._id) });
      await linkUser(ctx.platform, signedIn(ctx), metaOf(ctx), { ...link, linked: true });
      return {};
    },
  }),
  removeItemFromUser: t.field({
    type: MutationResult,
    description:
      'Unlinks a user from a course or module (assign_participants or manage_users, on a course or module one may edit or owns).',
    args: {
      _id: t.arg.id({ required: true }),
      itemType: t.arg.string({ required: true, description: "'course' or 'module'" }),
      itemPath: t.arg.string({ required: true }),
    },
    success: 'userUnlinked',
    resolve: async (_root, args, ctx) => {
      const link = linkInput.parse({ ...args, userId: String(args._id) });
      await linkUser(ctx.platform, signedIn(ctx), metaOf(ctx), { ...link, linked: false });
      return {};
    },
  }),
}));
