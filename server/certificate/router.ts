import { z } from 'zod';
import {
  certifySchema,
  courseCertificateSchema,
  reviewSchema,
  revokeModuleCertificateSchema,
} from '../../events/certificate/commands';
import { configureCertificateSchema } from '../../events/certificate/config';
import { certificateCodeSchema } from '../../events/certificate/events';
import { pathSchema } from '../../events/shared/fields';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { inputMutation, metaOf, procedureFor, publicProcedure, router, signedInProcedure } from '../trpc';
import {
  addCertificateToUser,
  autoIssueCertificate,
  certify,
  configureCourseCertificate,
  configureModuleCertificate,
  dismissReview,
  removeCertificateFromUser,
  revokeModuleCertificate,
} from './commands';
import { certificateConfigView } from './config-view';
import { expiringList } from './expiring';
import {
  certificateConfigOutput,
  certificateOutput,
  courseCertificatesOutput,
  expiringOutput,
  moduleCertificateOutput,
  reviewOutput,
  verificationOutput,
} from './outputs';
import {
  courseCertificateFor,
  courseCertificateList,
  moduleCertificateFor,
  myCertificates,
  participantModuleCertificate,
  reviewList,
  verifyCertificate,
} from './queries';

const pathInput = z.object({ path: pathSchema });
const kindInput = z.object({ kind: z.enum(['module', 'course']), path: pathSchema });

const codeOutput = z.object({ code: z.string() });
const revokedOutput = z.object({ revoked: z.boolean() });

export const certificateRouter = router({
  /** The signed-in person's certificates with their state, PDF and verification links. */
  mine: signedInProcedure
    .output(z.array(certificateOutput))
    .query(({ ctx }) => myCertificates(ctx.platform, ctx.actor)),
  /** The caller's certificate for a module, or why there is none yet (after the result). */
  forModule: publicProcedure
    .input(pathInput)
    .output(moduleCertificateOutput)
    .query(({ ctx, input }) => moduleCertificateFor(ctx.platform, ctx.actor, input.path)),
  /** The caller's certificate for a course ('Your Certificate' tab); null when they hold none. */
  /** A participant's certificate for a module, for who may certify it (the result view). */
  ofParticipant: publicProcedure
    .input(certifySchema)
    .output(certificateOutput.nullable())
    .query(({ ctx, input }) =>
      participantModuleCertificate(ctx.platform, ctx.actor, input.module, input.user),
    ),
  forCourse: publicProcedure
    .input(pathInput)
    .output(certificateOutput.nullable())
    .query(({ ctx, input }) => courseCertificateFor(ctx.platform, ctx.actor, input.path)),
  /**
   * Asks for the automatic issue of the caller's module certificate now (the result page does when the
   * conditions hold but no certificate came, e.g. after adding a riziv number). Same checks as the job.
   */
  claim: signedInProcedure
    .input(pathInput)
    .output(z.object({ outcome: z.enum(['nothing', 'issued', 'flagged']) }))
    .mutation(async ({ ctx, input }) => {
      const state = await moduleCertificateFor(ctx.platform, ctx.actor, input.path);
      if (!state.configured || state.certificate || state.waiting.length > 0)
        return { outcome: 'nothing' as const };
      const module = await findModuleByPath(ctx.platform.database.db, input.path);
      if (!module) return { outcome: 'nothing' as const };
      return {
        outcome: await autoIssueCertificate(ctx.platform, {
          userId: ctx.actor.userId,
          moduleId: module.moduleId,
        }),
      };
    }),
  /** Public: what a verification code says (no sign-in). */
  verify: publicProcedure
    .input(z.object({ code: certificateCodeSchema }))
    .output(verificationOutput)
    .query(({ ctx, input }) => verifyCertificate(ctx.platform, input.code)),

  /** A module's or course's certificate config, for its editors (with the item's name for the preview). */
  config: publicProcedure
    .input(kindInput)
    .output(certificateConfigOutput)
    .query(({ ctx, input }) => certificateConfigView(ctx.platform, ctx.actor, input.kind, input.path)),
  configureModule: inputMutation(signedInProcedure, configureCertificateSchema, configureModuleCertificate),
  configureCourse: inputMutation(signedInProcedure, configureCertificateSchema, configureCourseCertificate),

  /** certify(module, user): answers the certificate's verification code. */
  certify: signedInProcedure
    .input(certifySchema)
    .output(codeOutput)
    .mutation(async ({ ctx, input }) => ({
      code: await certify(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  revokeModule: signedInProcedure
    .input(revokeModuleCertificateSchema)
    .output(revokedOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeModuleCertificate(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { revoked: true };
    }),
  /** addCertificateToUser(_id, course): answers the certificate's verification code. */
  addToUser: signedInProcedure
    .input(courseCertificateSchema)
    .output(codeOutput)
    .mutation(async ({ ctx, input }) => ({
      code: await addCertificateToUser(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  /** removeCertificateFromUser(_id, course). */
  removeFromUser: signedInProcedure
    .input(courseCertificateSchema)
    .output(revokedOutput)
    .mutation(async ({ ctx, input }) => {
      await removeCertificateFromUser(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { revoked: true };
    }),

  /** The participants of a course with their course certificate (admin course-certificates list). */
  courseList: publicProcedure
    .input(pathInput.extend({ group: z.string().trim().min(1).max(60).optional() }))
    .output(courseCertificatesOutput)
    .query(({ ctx, input }) => courseCertificateList(ctx.platform, ctx.actor, input.path, input.group)),
  /**
   * Standing certificates expiring in the next 90 days, with holder and reminders sent (admin list,
   * its CSV at /api/certificates/expiring.csv): names and addresses of every holder, so manage_users.
   */
  expiring: procedureFor('manage_users')
    .output(expiringOutput)
    .query(({ ctx }) => expiringList(ctx.platform.database.db, ctx.actor)),
  /** The fraud check's review list. */
  reviews: signedInProcedure
    .output(z.array(reviewOutput))
    .query(({ ctx }) => reviewList(ctx.platform, ctx.actor)),
  dismissReview: signedInProcedure
    .input(reviewSchema)
    .output(z.object({ dismissed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await dismissReview(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { dismissed: true };
    }),
});
