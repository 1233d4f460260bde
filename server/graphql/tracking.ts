import { trackingInputSchema } from '../../events/tracking/commands';
import { userIdSchema } from '../../events/user/commands';
import type { TrackingEntry } from '../../projections/tracking/user-tracking';
import { updateLog } from '../tracking/commands';
import { type Log, logOf } from '../tracking/queries';
import { builder } from './builder';
import { metaOf } from './context';
import { documentOf, signedIn } from './errors';
import { MutationResult } from './shared';

const TrackingEntryType = builder.objectRef<TrackingEntry>('TrackingEntry').implement({
  description: 'One item of a log: its path (a recording: its address), first and last seen (ISO).',
  fields: (t) => ({
    path: t.exposeString('path'),
    firstSeen: t.exposeString('firstSeen'),
    lastSeen: t.exposeString('lastSeen'),
  }),
});

const TrackingType = builder.objectRef<Log['tracking']>('Tracking').implement({
  description: 'What a person saw, per category, most recently seen first.',
  fields: (t) => ({
    courses: t.field({ type: [TrackingEntryType], resolve: (log) => log.courses }),
    sections: t.field({ type: [TrackingEntryType], resolve: (log) => log.sections }),
    files: t.field({ type: [TrackingEntryType], resolve: (log) => log.files }),
    certificates: t.field({ type: [TrackingEntryType], resolve: (log) => log.certificates }),
    classrooms: t.field({ type: [TrackingEntryType], resolve: (log) => log.classrooms }),
    breakoutrooms: t.field({ type: [TrackingEntryType], resolve: (log) => log.breakoutrooms }),
    recordings: t.field({ type: [TrackingEntryType], resolve: (log) => log.recordings }),
  }),
});

const LogType = builder.objectRef<Log>('Log').implement({
  description: "A person's log: what they saw.",
  fields: (t) => ({
    user: t.exposeID('user'),
    tracking: t.field({ type: TrackingType, resolve: (log) => log.tracking }),
  }),
});

builder.queryFields((t) => ({
  log: t.field({
    type: LogType,
    nullable: true,
    description: "A person's log: one's own, or anyone's with manage_users or view.",
    args: { user: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      logOf(ctx.platform.database.db, signedIn(ctx), userIdSchema.parse(String(args.user))),
  }),
}));

builder.mutationFields((t) => ({
  updateLog: t.field({
    type: MutationResult,
    description:
      'The signed-in person saw an item: `tracking` is `{ type, path, lastSeen }`, type one of courses, ' +
      'sections, files, certificates, classrooms, breakoutrooms, recordings (or the singular), lastSeen ' +
      'an ISO date-time (default: now). A repeat view within 60 seconds is not recorded again.',
    args: { tracking: t.arg({ type: 'JSON', required: true }) },
    success: 'logUpdated',
    resolve: async (_root, args, ctx) => {
      const actor = signedIn(ctx);
      const input = trackingInputSchema.parse(documentOf(args.tracking));
      await updateLog(ctx.platform, actor, metaOf(ctx), input);
      return {};
    },
  }),
}));
