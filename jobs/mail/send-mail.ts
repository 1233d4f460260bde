import nodemailer from 'nodemailer';
import { z } from 'zod';
import { defineJob } from '../job';

export const mailSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  /** Idempotency: the event that asked for this mail. */
  eventPosition: z.number().int().positive(),
});
export type Mail = z.infer<typeof mailSchema>;

export interface MailDeps {
  /** smtp(s)://… ; without it, mails are written as .eml files into `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

export function createTransport(deps: MailDeps) {
  return deps.smtpUrl
    ? nodemailer.createTransport(deps.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

/**
 * Delivers one mail. A failure throws, so pg-boss retries with back-off; the message id is
 * derived from the event, so a receiver can drop a duplicate after a retry.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  schema: mailSchema,
  retryLimit: 5,
  retryDelay: 2,
  handler: async (mail: Mail, deps: MailDeps) => {
    const transport = createTransport(deps);
    const messageId = `<event-${mail.eventPosition}@platform>`;
    const info = await transport.sendMail({
      from: deps.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId,
    });
    if (!deps.smtpUrl) {
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(deps.outboxDir, { recursive: true });
      await writeFile(
        `${deps.outboxDir}/event-${mail.eventPosition}.eml`,
        (info as { message: Buffer }).message,
      );
    }
  },
});
