import { z } from 'zod';
import { imageInputSchema, languageSchema } from '../shared/fields';
import { isCommonPassword } from './common-passwords';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .transform((value) => (value === '' ? null : value));

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'validation.email' }).max(254, 'validation.tooLong'));
const passwordSchema = z
  .string()
  .min(8, 'validation.passwordTooShort')
  .max(200, 'validation.tooLong')
  .refine((password) => !isCommonPassword(password), 'validation.passwordCommon');
/** Phone with a country code: '+32 470 12 34 56'. Without '+', the default country code 32 is assumed. */
const phoneSchema = z
  .string()
  .trim()
  .max(40, 'validation.tooLong')
  .refine((value) => value === '' || /^\+?[0-9 ()./-]{6,}$/.test(value), 'validation.phone')
  .transform((value) => {
    if (value === '') return null;
    return value.startsWith('+') ? value : `+32 ${value.replace(/^0/, '')}`;
  });

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema.optional().default(''),
  profession: text(200).optional().default(''),
  riziv: text(40).optional().default(''),
  language: languageSchema.optional().default('nl'),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.required').max(200),
  /** 'Keep me signed in' (unticked by default): the session's longer lifetime and no idle timeout. */
  keepSignedIn: z.boolean().optional(),
  /** The code mailed to a locked account (auth.accountLocked), sent with its password. */
  unlockCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.code')
    .optional(),
});
export const codeSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.code'),
});
export const forgotSchema = z.object({ email: emailSchema });

/** A code of an authenticator app (RFC 6238): six digits; spaces as some apps show them are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'validation.code'));
/** One of the ten recovery codes (xxxx-xxxx-xxxx), in any case, with or without its hyphens. */
export const recoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-9]{12}$/, 'validation.recoveryCode'));
/** The second factor a form gives: an app's code, or a recovery code instead (one of the two). */
const secondFactorFields = { code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() };
/** Sign-in's second step: the challenge the first step answered, and the second factor. */
export const secondFactorSignInSchema = z.object({
  challenge: z.string().min(1).max(2000),
  ...secondFactorFields,
});
/** Signing in again before a sensitive change: the password, and the second factor when enrolled. */
export const reauthSchema = z.object({
  password: z.string().min(1, 'validation.required').max(200),
  ...secondFactorFields,
});
/** What a sensitive change carries: the proof `/auth/reauth` answered (minutes old at most). */
export const recentAuthSchema = z.object({ reauth: z.string().min(1).max(2000) });
export const resetSchema = codeSchema.extend({ password: passwordSchema });
/** The invitation page: the token from the mailed link and the password the person chooses. */
export const acceptInvitationSchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[\w-]{32,100}$/, 'auth.invitationSpent'),
  password: passwordSchema,
  keepSignedIn: z.boolean().optional(),
});

/** The profile form: name required, e-mail locked, image optional (empty is null). */
export const profileSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  phone: phoneSchema.optional().default(''),
  profession: text(200).optional().default(''),
  riziv: text(40).optional().default(''),
  description: text(5000).optional().default(''),
  image: imageInputSchema.nullable().optional().default(null),
  fullPrivacy: z.boolean().optional().default(false),
  language: languageSchema,
});
export type ProfileInput = z.output<typeof profileSchema>;

export const itemTypeSchema = z.enum(['course', 'module']);
/** A participant's group within a course: a short label, empty for none. */
export const groupSchema = z
  .string()
  .trim()
  .max(60, 'validation.tooLong')
  .transform((value) => (value === '' ? null : value));
export const userIdSchema = z.string().min(1).max(200);
/** The two files of 'download my data': the machine-readable JSON and the readable HTML. */
export const dataExportFormatSchema = z.enum(['json', 'html']);

export const createUserSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  email: emailSchema,
  language: languageSchema.optional().default('nl'),
  roles: z.array(z.string().min(1).max(60)).max(50).optional().default([]),
});

type Profile = {
  name: string;
  phone: string | null;
  profession: string | null;
  riziv: string | null;
  language: 'nl' | 'fr' | 'en';
};

export type UserCommand =
  | { type: 'SignUp'; data: { userId: string; email: string; profile: Profile } }
  | { type: 'CreateUser'; data: { userId: string; email: string; profile: Profile; roles: string[] } }
  | { type: 'Provision'; data: { userId: string; email: string; name: string; issuer: string } }
  | { type: 'Verify' }
  | { type: 'ChangePassword'; data: { by: 'reset-code' | 'bootstrap' } }
  | { type: 'UpdateProfile'; data: ProfileInput }
  | { type: 'SetRoles'; data: { roles: string[] } }
  /** Roles and profile changed by one request: both changes in one batch of events, roles first. */
  | { type: 'UpdateUser'; data: { roles?: string[]; profile?: ProfileInput } }
  | { type: 'Link'; data: { itemType: 'course' | 'module'; itemPath: string } }
  | { type: 'Unlink'; data: { itemType: 'course' | 'module'; itemPath: string } }
  /** A participant's group within a course they are linked to; null takes it away. */
  | { type: 'SetGroup'; data: { coursePath: string; group: string | null } }
  /**
   * One row of an import: the account made (`create`) or found, and linked to each item not linked
   * yet, as one batch of events, so a row is written whole or not at all.
   */
  | {
      type: 'Import';
      data: {
        create: { userId: string; email: string; profile: Profile; roles: string[] } | null;
        links: { itemType: 'course' | 'module'; itemPath: string }[];
        /** The group within these courses (the import's group column); null: groups untouched. */
        group: { coursePaths: string[]; group: string } | null;
      };
    }
  | { type: 'Delete' }
  | { type: 'RecordDataExport'; data: { format: 'json' | 'html' } }
  | { type: 'EnrolSecondFactor' }
  | { type: 'RemoveSecondFactor' }
  | { type: 'ResetSecondFactor' };
