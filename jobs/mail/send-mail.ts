import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Language } from '../../events/shared/fields';
import { defineJob } from '../job';

/** A notice to a fixed address (editors), or a mail to an account, addressed by id only. */
export const mailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('notify'),
    to: z.email(),
    subject: z.string().min(1).max(300),
    text: z.string().min(1),
    eventPosition: z.number().int().positive(),
  }),
  z.object({
    kind: z.literal('account'),
    userId: z.string().min(1),
    template: z.enum(['verify', 'reset', 'invite']),
    code: z.string().regex(/^\d{6}$/),
  }),
]);
export type Mail = z.infer<typeof mailSchema>;

interface Recipient {
  email: string;
  name: string;
  language: Language;
}

export interface MailDeps {
  /** smtp(s)://… ; without it, mails go to the mail_outbox table and the log. */
  smtpUrl?: string;
  from: string;
  publicUrl: string;
  // biome-ignore lint/suspicious/noExplicitAny: reads users and writes mail_outbox of the full schema
  db: Kysely<any>;
  translate: (language: Language, key: string, params: Record<string, string | number>) => string;
  log: { info: (context: object, message: string) => void };
}

async function recipient(deps: MailDeps, userId: string): Promise<Recipient | null> {
  const row = await deps.db
    .selectFrom('users')
    .select(['email', 'name', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row as Recipient | undefined) ?? null;
}

/**
 * Delivers one mail. Account mails carry only the user's id, so a queued job never holds an
 * address or a name; they are looked up when sending (and a deleted person gets nothing).
 * A failure throws, so pg-boss retries with back-off.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  schema: mailSchema,
  retryLimit: 5,
  retryDelay: 2,
  handler: async (mail: Mail, deps: MailDeps) => {
    let message: { to: string; subject: string; text: string; userId: string | null; messageId?: string };
    if (mail.kind === 'notify') {
      message = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        userId: null,
        messageId: `<event-${mail.eventPosition}@platform>`,
      };
    } else {
      const person = await recipient(deps, mail.userId);
      if (!person) return;
      const params = { name: person.name, code: mail.code, url: `${deps.publicUrl}/login` };
      message = {
        to: person.email,
        subject: deps.translate(person.language, `mail.${mail.template}.subject`, params),
        text: deps.translate(person.language, `mail.${mail.template}.body`, params),
        userId: mail.userId,
      };
    }
    if (deps.smtpUrl) {
      await nodemailer.createTransport(deps.smtpUrl).sendMail({ from: deps.from, ...message });
      return;
    }
    await deps.db
      .insertInto('mail_outbox')
      .values({
        user_id: message.userId,
        to_address: message.to,
        subject: message.subject,
        body: message.text,
      })
      .execute();
    deps.log.info(
      { to: message.to, subject: message.subject, text: message.text },
      'mail kept in the outbox (no SMTP_URL)',
    );
  },
});
