import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { TextKey } from '../../events/errors';
import { openPersonalData, type PersonalDataSpec, sealPersonalData } from '../../events/personal-data';
import type { Language } from '../../events/shared/fields';
import { defineJob } from '../job';
import { liveReminderMailSchema, liveReminderMessage } from './live-reminder-mail';
import { type ThreadMail, threadMailSchema } from './thread-mail';
import { threadMessage } from './thread-message';

const notifySchema = z.object({
  kind: z.literal('notify'),
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  eventPosition: z.number().int().positive(),
});
const accountMail = {
  kind: z.literal('account'),
  userId: z.string().min(1),
  template: z.enum(['verify', 'reset', 'invite', 'unlock']),
};

/**
 * The invitation of an account an administrator made or imported: a sign-up link with its token,
 * good for `days` days; the token is sealed in the queue as a code is.
 */
const invitationMail = {
  kind: z.literal('invitation'),
  userId: z.string().min(1),
  days: z.number().int().min(1).max(365),
};

/**
 * A timed certificate expires soon (CertificateReminderSent): to its holder, by id only; the item is
 * named and linked by id, so a renamed or moved module is named and linked as it is when sending.
 */
const reminderSchema = z.object({
  kind: z.literal('reminder'),
  userId: z.string().min(1),
  itemKind: z.enum(['module', 'course']),
  itemId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
  daysLeft: z.number().int().min(0),
  eventPosition: z.number().int().positive(),
});

/**
 * A browser or API client that never signed in to the account before just did: to the account's
 * owner, naming the device, its network (an address prefix, sealed in the queue like a code) and when.
 */
const deviceMail = {
  kind: z.literal('device'),
  userId: z.string().min(1),
  browser: z.string().max(40).nullable(),
  system: z.string().max(40).nullable(),
  at: z.iso.datetime({ offset: true }),
};

/**
 * The account's second factor changed (SecondFactorEnrolled, SecondFactorRemoved, SecondFactorReset):
 * to its owner, so a change they did not make does not go unnoticed.
 */
const secondFactorSchema = z.object({
  kind: z.literal('second-factor'),
  userId: z.string().min(1),
  change: z.enum(['enrolled', 'removed', 'reset']),
  at: z.iso.datetime({ offset: true }),
  eventPosition: z.number().int().positive(),
});

/** The account's password changed (UserPasswordChanged, not by the operator's ADMIN_PASSWORD): to its owner. */
const passwordChangedSchema = z.object({
  kind: z.literal('password-changed'),
  userId: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  eventPosition: z.number().int().positive(),
});

/** A notice to a fixed address (editors), or a mail to an account, addressed by id only. */
export const mailSchema = z.discriminatedUnion('kind', [
  liveReminderMailSchema,
  threadMailSchema,
  secondFactorSchema,
  passwordChangedSchema,
  notifySchema,
  z.object({ ...accountMail, code: z.string().regex(/^\d{6}$/) }),
  z.object({ ...invitationMail, token: z.string().regex(/^[\w-]{32,100}$/) }),
  reminderSchema,
  z.object({ ...deviceMail, place: z.string().max(60).nullable() }),
]);
export type Mail = z.infer<typeof mailSchema>;

/**
 * What the queue holds: an account mail's code sealed with the person's key (events/personal-data),
 * so the job table never holds a usable code, and an erasure (which shreds the key) leaves a queued
 * or retried job with nothing anyone can read.
 */
const queuedMailSchema = z.discriminatedUnion('kind', [
  liveReminderMailSchema,
  threadMailSchema,
  notifySchema,
  secondFactorSchema,
  passwordChangedSchema,
  z.object({ ...accountMail, code: z.string().startsWith('pd1:') }),
  z.object({ ...invitationMail, token: z.string().startsWith('pd1:') }),
  reminderSchema,
  z.object({ ...deviceMail, place: z.string().startsWith('pd1:').nullable() }),
]);
type QueuedMail = z.infer<typeof queuedMailSchema>;

const sealedCode: PersonalDataSpec = { subject: 'userId', fields: ['code'] };
const sealedPlace: PersonalDataSpec = { subject: 'userId', fields: ['place'] };
const sealedToken: PersonalDataSpec = { subject: 'userId', fields: ['token'] };

/** The payload to queue for a mail: its code sealed (see queuedMailSchema). */
// biome-ignore lint/suspicious/noExplicitAny: the caller's transaction, on whatever schema it has
export async function queuedMail(trx: Kysely<any>, mail: Mail): Promise<QueuedMail> {
  if (mail.kind === 'device')
    return queuedMailSchema.parse(
      mail.place === null ? mail : await sealPersonalData(trx, sealedPlace, mail),
    );
  if (mail.kind === 'invitation')
    return queuedMailSchema.parse(await sealPersonalData(trx, sealedToken, mail));
  if (mail.kind !== 'account') return mail;
  return queuedMailSchema.parse(await sealPersonalData(trx, sealedCode, mail));
}

interface Recipient {
  email: string;
  name: string;
  language: Language;
}

export interface MailDeps {
  /** smtp(s)://… ; without it, mails go to the mail_outbox table (the log notes each, not its text). */
  smtpUrl?: string;
  from: string;
  publicUrl: string;
  // biome-ignore lint/suspicious/noExplicitAny: reads users and writes mail_outbox of the full schema
  db: Kysely<any>;
  translate: (language: Language, key: TextKey, params: Record<string, string | number>) => string;
  log: { info: (context: object, message: string) => void };
  /**
   * Where a kept mail is also written whole, on a developer's own machine (NODE_ENV=development
   * without SMTP_URL): there the sign-up code must be readable, and nobody else's mail passes.
   */
  printKept?: (text: string) => void;
}

/**
 * A name as a mail may print it: letters, digits, spaces and common punctuation (. , ' ’ - ( ) &),
 * everything else a space; a dot before a letter or digit gets a space, so no host name, address or
 * link survives ("https://evil.example/x" reads "https evil. example x"); at most 80 characters.
 */
export function mailName(name: string): string {
  const kept = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} .,'’()&-]/gu, ' ')
    .replace(/\.(?=[\p{L}\p{N}])/gu, '. ')
    .replace(/\s+/g, ' ')
    .trim();
  return kept.length > 80 ? `${kept.slice(0, 79).trimEnd()}…` : kept;
}

/**
 * Whom an account mail goes to, and by what name it greets them. The name a sign-up typed is used
 * only once the address is verified: before that, whoever signed up may have typed someone else's
 * address, and their words would reach a stranger's mailbox (an administrator's invitation names
 * the person as the administrator typed it). Otherwise, or when nothing of a name is left, the mail
 * greets by the part of the address before the @, which its owner chose.
 */
export async function recipient(deps: MailDeps, userId: string): Promise<Recipient | null> {
  const row = (await deps.db
    .selectFrom('users')
    .select(['email', 'name', 'language', 'verified', 'source'])
    .where('user_id', '=', userId)
    .executeTakeFirst()) as (Recipient & { verified: boolean; source: string }) | undefined;
  if (!row) return null;
  const ownName = row.verified || row.source !== 'signup' ? mailName(row.name) : '';
  const name = ownName || mailName(row.email.split('@')[0] ?? '');
  return { email: row.email, name, language: row.language };
}

/** DD/MM/YYYY of a moment, its day in GMT+1: as the certificate's PDF and the screens print it. */
const dateOf = (iso: string) => {
  const date = new Date(Date.parse(iso) + 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
};

/** The reminder in the holder's language, naming the item and linking to it; null when either is gone. */
async function reminderMessage(deps: MailDeps, mail: Extract<QueuedMail, { kind: 'reminder' }>) {
  const person = await recipient(deps, mail.userId);
  const table = mail.itemKind === 'module' ? 'module_summaries' : 'course_summaries';
  const idColumn = mail.itemKind === 'module' ? 'module_id' : 'course_id';
  const item = (await deps.db
    .selectFrom(table)
    .select(['name', 'path'])
    .where(idColumn, '=', mail.itemId)
    .executeTakeFirst()) as { name: string; path: string } | undefined;
  if (!person || !item) return null;
  const params = {
    name: person.name,
    item: item.name,
    date: dateOf(mail.expiresAt),
    days: mail.daysLeft,
    count: mail.daysLeft,
    url: `${deps.publicUrl}/${mail.itemKind}/${encodeURIComponent(item.path)}`,
  };
  return {
    to: person.email,
    subject: deps.translate(person.language, `mail.reminder.${mail.itemKind}.subject`, params),
    text: deps.translate(person.language, `mail.reminder.${mail.itemKind}.body`, params),
    userId: mail.userId,
    messageId: `<event-${mail.eventPosition}@platform>`,
  };
}

/** The new-device notice in the owner's language; null when the account is gone. */
async function deviceMessage(deps: MailDeps, mail: Extract<QueuedMail, { kind: 'device' }>) {
  const person = await recipient(deps, mail.userId);
  if (!person) return null;
  const { place } = await openPersonalData(deps.db, sealedPlace, mail, new Map());
  const t = (key: TextKey, params: Record<string, string | number> = {}) =>
    deps.translate(person.language, key, params);
  const browser = mail.browser ?? t('sessions.unknownBrowser');
  const device = mail.system ? t('sessions.deviceOn', { browser, system: mail.system }) : browser;
  const params = {
    name: person.name,
    device,
    place: typeof place === 'string' ? place : t('sessions.unknownPlace'),
    time: timeOf(mail.at),
    url: `${deps.publicUrl}/user/sessions`,
  };
  return {
    to: person.email,
    subject: t('sessions.mail.subject', params),
    text: t('sessions.mail.body', params),
    userId: mail.userId,
  };
}

/** The second-factor notice in the owner's language; null when the account is gone. */
async function secondFactorMessage(deps: MailDeps, mail: Extract<QueuedMail, { kind: 'second-factor' }>) {
  const person = await recipient(deps, mail.userId);
  if (!person) return null;
  const params = { name: person.name, time: timeOf(mail.at), url: `${deps.publicUrl}/user` };
  return {
    to: person.email,
    subject: deps.translate(person.language, `mail.secondFactor.${mail.change}.subject`, params),
    text: deps.translate(person.language, `mail.secondFactor.${mail.change}.body`, params),
    userId: mail.userId,
    messageId: `<event-${mail.eventPosition}@platform>`,
  };
}

/** The password-changed notice in the owner's language; null when the account is gone. */
async function passwordChangedMessage(
  deps: MailDeps,
  mail: Extract<QueuedMail, { kind: 'password-changed' }>,
) {
  const person = await recipient(deps, mail.userId);
  if (!person) return null;
  const params = { name: person.name, time: timeOf(mail.at), url: `${deps.publicUrl}/login` };
  return {
    to: person.email,
    subject: deps.translate(person.language, 'mail.passwordChanged.subject', params),
    text: deps.translate(person.language, 'mail.passwordChanged.body', params),
    userId: mail.userId,
    messageId: `<event-${mail.eventPosition}@platform>`,
  };
}

/**
 * The invitation in the person's language, with the link that sets the password; null when the
 * account or its key is gone. The token travels after '#', so no server log or proxy records it.
 */
async function invitationMessage(deps: MailDeps, mail: Extract<QueuedMail, { kind: 'invitation' }>) {
  const person = await recipient(deps, mail.userId);
  const { token } = await openPersonalData(deps.db, sealedToken, mail, new Map());
  if (!person || typeof token !== 'string') return null;
  const params = {
    name: person.name,
    days: mail.days,
    count: mail.days,
    url: `${deps.publicUrl}/invitation#${token}`,
  };
  return {
    to: person.email,
    subject: deps.translate(person.language, 'mail.invitation.subject', params),
    text: deps.translate(person.language, 'mail.invitation.body', params),
    userId: mail.userId,
  };
}

/** DD/MM/YYYY HH:MM of a moment in GMT+1, as the classroom times are shown. */
export const timeOf = (iso: string) => {
  const date = new Date(Date.parse(iso) + 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${dateOf(iso)} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} (GMT+1)`;
};

/**
 * Delivers one mail. Account mails carry only the user's id and a sealed code, so a queued job never
 * holds an address, a name or a readable code; they are looked up and opened when sending (and a
 * deleted person gets nothing). A failure throws, so pg-boss retries with back-off; the job's row is
 * deleted once it has been delivered or has failed for the last time.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  schema: queuedMailSchema,
  retryLimit: 5,
  retryDelay: 2,
  forgetWhenSettled: true,
  // Each mail waits on the SMTP server: two at a time, so one slow delivery does not hold the rest.
  work: { batchSize: 5, concurrency: 2 },
  handler: async (mail: QueuedMail, deps: MailDeps) => {
    let message: { to: string; subject: string; text: string; userId: string | null; messageId?: string };
    if (mail.kind === 'notify') {
      message = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        userId: null,
        messageId: `<event-${mail.eventPosition}@platform>`,
      };
    } else if (mail.kind === 'thread') {
      const notice = await threadMessage(deps, mail as ThreadMail);
      if (!notice) return;
      message = notice;
    } else if (mail.kind === 'live-reminder') {
      // The person was erased, or the section deleted or its moment moved, since it was queued.
      const reminder = await liveReminderMessage(deps, mail);
      if (!reminder) return;
      message = reminder;
    } else if (mail.kind === 'second-factor') {
      const notice = await secondFactorMessage(deps, mail);
      if (!notice) return;
      message = notice;
    } else if (mail.kind === 'password-changed') {
      const notice = await passwordChangedMessage(deps, mail);
      if (!notice) return;
      message = notice;
    } else if (mail.kind === 'invitation') {
      const invitation = await invitationMessage(deps, mail);
      if (!invitation) return;
      message = invitation;
    } else if (mail.kind === 'device') {
      const notice = await deviceMessage(deps, mail);
      if (!notice) return;
      message = notice;
    } else if (mail.kind === 'reminder') {
      const reminder = await reminderMessage(deps, mail);
      // The holder was erased, or the module or course deleted, since the reminder was decided.
      if (!reminder) return;
      message = reminder;
    } else {
      const person = await recipient(deps, mail.userId);
      const { code } = await openPersonalData(deps.db, sealedCode, mail, new Map());
      // No person, or no key to open the code with: erased meanwhile.
      if (!person || typeof code !== 'string') return;
      const params = { name: person.name, code, url: `${deps.publicUrl}/login` };
      message = {
        to: person.email,
        subject: deps.translate(person.language, `mail.${mail.template}.subject`, params),
        text: deps.translate(person.language, `mail.${mail.template}.body`, params),
        userId: mail.userId,
      };
    }
    if (deps.smtpUrl) {
      // Loaded with the first mail: most starts send none.
      const { default: nodemailer } = await import('nodemailer');
      await nodemailer.createTransport(deps.smtpUrl).sendMail({ from: deps.from, ...message });
      return;
    }
    const { userId } = message;
    const kept = await deps.db.transaction().execute(async (trx) => {
      // An erasure that began after this mail was written must not find it missing and leave it
      // behind: the person's row, locked, is either gone (nothing kept) or stays until this row is
      // in, for the erasure (which locks it first) to delete with the rest.
      if (userId) {
        const holder = await sql`select 1 from users where user_id = ${userId} for share`.execute(trx);
        if (holder.rows.length === 0) return null;
      }
      return trx
        .insertInto('mail_outbox')
        .values({ user_id: userId, to_address: message.to, subject: message.subject, body: message.text })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    if (!kept) return;
    // Only where to find it: the text holds codes, the address and subject a person, and logs are
    // copied to places an erasure never reaches.
    deps.log.info({ outboxId: kept.id, kind: mail.kind }, 'mail kept in the outbox (no SMTP_URL)');
    deps.printKept?.(
      `\n  ── Mail not sent (no SMTP_URL) ──\n  To: ${message.to}\n  Subject: ${message.subject}\n\n${message.text}\n  ──\n\n`,
    );
  },
});
