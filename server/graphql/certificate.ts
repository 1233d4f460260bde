import { z } from 'zod';
import { certifySchema, courseCertificateSchema } from '../../events/certificate/commands';
import { certificateCodeSchema } from '../../events/certificate/events';
import { DomainError, type DomainErrorCode } from '../../events/errors';
import { pathSchema } from '../../events/shared/fields';
import { certificateConfigOf } from '../../projections/certificate/certificate-configs';
import { type CertificateRecord, statusOf } from '../../projections/certificate/certificates';
import type { UserProfile } from '../../projections/user/users';
import { addCertificateToUser, certify, removeCertificateFromUser } from '../certificate/commands';
import {
  type CertificateView,
  courseCertificateFor,
  moduleCertificateByCode,
  moduleCertificateFor,
  type Verification,
  verifyCertificate,
} from '../certificate/queries';
import { canSeeLinksOf } from '../user/queries';
import { builder } from './builder';
import { metaOf } from './context';
import { CourseType } from './course';
import { ModuleType } from './module';
import { MutationResult } from './shared';
import { UserType } from './user';

/** A certificate as its holder (or an admin) sees it. `path` is its verification code. */
const CertificateType = builder.objectRef<CertificateView>('Certificate').implement({
  fields: (t) => ({
    path: t.exposeString('code', {
      description: 'The verification code (what checkCertificateStatus takes).',
    }),
    kind: t.exposeString('kind', { description: 'module or course.' }),
    item: t.exposeString('itemPath', { description: 'The path of the module or course.' }),
    itemName: t.exposeString('itemName'),
    status: t.exposeString('status', { description: 'valid, expired or revoked.' }),
    valid: t.boolean({ resolve: (certificate) => certificate.status === 'valid' }),
    issuedAt: t.exposeString('issuedAt'),
    expiresAt: t.exposeString('expiresAt', { nullable: true }),
    revokedAt: t.exposeString('revokedAt', { nullable: true }),
    how: t.exposeString('how', { description: 'auto or manual.' }),
    verifyUrl: t.exposeString('verifyUrl', { description: 'The public verification page.' }),
    pdfUrl: t.exposeString('pdfUrl', { description: 'The PDF, for the holder, admins and teachers.' }),
  }),
});

/** The facts of a certificate whose holder is not erased (null for an erased one). */
const issued = (verification: Verification) => (verification.status === 'erased' ? null : verification);

/**
 * What anyone may learn from a verification code: no personal data beyond the name on it; for a
 * certificate whose holder was erased, only that (every other field null).
 */
const CertificateStatusType = builder.objectRef<Verification>('CertificateStatus').implement({
  fields: (t) => ({
    path: t.exposeString('code'),
    status: t.exposeString('status', {
      description: 'valid, expired, revoked, or erased (its holder was erased: nothing else is told).',
    }),
    valid: t.boolean({ resolve: (verification) => verification.status === 'valid' }),
    name: t.string({
      nullable: true,
      description: 'The name on the certificate.',
      resolve: (verification) => issued(verification)?.name ?? null,
    }),
    kind: t.string({ nullable: true, resolve: (verification) => issued(verification)?.kind ?? null }),
    itemName: t.string({ nullable: true, resolve: (verification) => issued(verification)?.itemName ?? null }),
    issuedAt: t.string({ nullable: true, resolve: (verification) => issued(verification)?.issuedAt ?? null }),
    expiresAt: t.string({
      nullable: true,
      resolve: (verification) => issued(verification)?.expiresAt ?? null,
    }),
    revokedAt: t.string({
      nullable: true,
      resolve: (verification) => issued(verification)?.revokedAt ?? null,
    }),
  }),
});

const CourseCertificateType = builder
  .objectRef<{ course: string; path: string; valid: boolean }>('CourseCertificate')
  .implement({
    fields: (t) => ({
      course: t.exposeString('course', { description: 'The course path.' }),
      path: t.exposeString('path', { description: 'The verification code.' }),
      valid: t.exposeBoolean('valid'),
    }),
  });

/** The latest certificate per item of one kind (a revoked one stays revoked until re-assigned). */
function latestPerItem(records: CertificateRecord[], kind: 'module' | 'course') {
  const latest = new Map<string, CertificateRecord>();
  for (const record of records)
    if (record.kind === kind && !latest.has(record.itemPath)) latest.set(record.itemPath, record);
  return [...latest.values()];
}

builder.objectFields(UserType, (t) => ({
  certificates: t.stringList({
    description:
      'Paths of the modules the user holds a valid certificate for (to themselves and to who manages links).',
    resolve: async (user: UserProfile, _args, ctx) => {
      if (!canSeeLinksOf(ctx.actor, user._id)) return [];
      const now = new Date();
      return latestPerItem(await ctx.loaders.userCertificates.load(user._id), 'module')
        .filter((record) => statusOf(record, now) === 'valid')
        .map((record) => record.itemPath);
    },
  }),
  courseCertificates: t.field({
    type: [CourseCertificateType],
    description: "The user's course certificates: course path, verification code and whether it is valid.",
    resolve: async (user: UserProfile, _args, ctx) => {
      if (!canSeeLinksOf(ctx.actor, user._id)) return [];
      const now = new Date();
      return latestPerItem(await ctx.loaders.userCertificates.load(user._id), 'course').map((record) => ({
        course: record.itemPath,
        path: record.code,
        valid: statusOf(record, now) === 'valid',
      }));
    },
  }),
}));

const rightsRefusals = new Set<DomainErrorCode>(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']);

/**
 * Where the contract answers null for "none": a refusal of access (the module is hidden from the
 * caller, they must sign in, or the code is unknown) reads as null. Anything else is a fault and
 * surfaces as an error.
 */
const nullIfRefused = (error: unknown): null => {
  if (error instanceof DomainError && rightsRefusals.has(error.code)) return null;
  throw error;
};

builder.objectFields(ModuleType, (t) => ({
  moduleCertificateConfig: t.field({
    type: 'JSON',
    nullable: true,
    description:
      "The module's certificate config (auto, complete, correct, checkFraud, timed, content); null when none.",
    resolve: (module, _args, ctx) => certificateConfigOf(ctx.platform.database.db, 'module', module.moduleId),
  }),
  certificate: t.field({
    type: 'JSON',
    nullable: true,
    description:
      "The caller's certificate for this module (path = verification code, status, issuedAt, expiresAt, verifyUrl, pdfUrl); null when none.",
    resolve: async (module, _args, ctx) => {
      if (!ctx.actor) return null;
      const state = await moduleCertificateFor(ctx.platform, ctx.actor, module.path).catch(nullIfRefused);
      return state?.certificate ? { path: state.certificate.code, ...state.certificate } : null;
    },
  }),
}));

builder.objectFields(CourseType, (t) => ({
  courseCertificateConfig: t.field({
    type: 'JSON',
    nullable: true,
    description: "The course's certificate config (timed, content); null when none.",
    resolve: (course, _args, ctx) => certificateConfigOf(ctx.platform.database.db, 'course', course.courseId),
  }),
}));

const codeOrNull = (value: unknown) => {
  const parsed = certificateCodeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

builder.queryFields((t) => ({
  moduleCertificate: t.field({
    type: CertificateType,
    nullable: true,
    description:
      "With path (a verification code): that certificate, for its holder, admins and the module's teachers. With modulePath: the caller's certificate for that module. Null when there is none.",
    args: { path: t.arg.string(), modulePath: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      if (args.modulePath) {
        const state = await moduleCertificateFor(ctx.platform, ctx.actor, pathSchema.parse(args.modulePath));
        return state.certificate;
      }
      const code = codeOrNull(args.path);
      return code ? moduleCertificateByCode(ctx.platform, ctx.actor, code) : null;
    },
  }),
  courseCertificate: t.field({
    type: CertificateType,
    nullable: true,
    description: "The caller's certificate for the course at path; null when they hold none.",
    args: { path: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => courseCertificateFor(ctx.platform, ctx.actor, pathSchema.parse(args.path)),
  }),
  checkCertificateStatus: t.field({
    type: CertificateStatusType,
    nullable: true,
    description:
      'Public: whether the certificate with this verification code (path) is valid, expired or revoked, with the name on it; erased when its holder was erased; null for an unknown code.',
    args: { path: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const code = codeOrNull(args.path);
      if (!code) return null;
      return verifyCertificate(ctx.platform, code).catch(nullIfRefused);
    },
  }),
}));

const userArg = z.string().min(1).max(200);

builder.mutationFields((t) => ({
  certify: t.field({
    type: MutationResult,
    description:
      "Assigns the module certificate to a participant (edit right or the module's owners, or the owners of a course that lists it for that course's participants; never to oneself, administrators aside), e.g. from their result.",
    args: { module: t.arg.string({ required: true }), user: t.arg.string({ required: true }) },
    success: 'certificateAssigned',
    resolve: async (_root, args, ctx) => {
      await certify(ctx.platform, ctx.actor, metaOf(ctx), certifySchema.parse(args));
      return {};
    },
  }),
  addCertificateToUser: t.field({
    type: MutationResult,
    description:
      "Assigns the course certificate to a participant (the course's owners and administrators; never to oneself, administrators aside).",
    args: { _id: t.arg.string({ required: true }), course: t.arg.string({ required: true }) },
    success: 'certificateAssigned',
    resolve: async (_root, args, ctx) => {
      await addCertificateToUser(ctx.platform, ctx.actor, metaOf(ctx), courseCertificateSchema.parse(args));
      return {};
    },
  }),
  removeCertificateFromUser: t.field({
    type: MutationResult,
    description: "Revokes a participant's course certificate (same rights); it then verifies as revoked.",
    args: { _id: t.arg.string({ required: true }), course: t.arg.string({ required: true }) },
    success: 'certificateRemoved',
    resolve: async (_root, args, ctx) => {
      await removeCertificateFromUser(
        ctx.platform,
        ctx.actor,
        metaOf(ctx),
        courseCertificateSchema.extend({ _id: userArg }).parse(args),
      );
      return {};
    },
  }),
}));
