import { expect } from '@playwright/test';
import { mailSink } from '../accounts';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  at: number;
}

/** What the SMTP sink received for `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${mailSink.httpPort}/mails?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}

/**
 * The 6-digit code in the newest mail to `to`, once at least `count` mails have arrived
 * (mails are sent by a background job, a moment after the request).
 */
export async function codeFor(to: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(to);
        if (mails.length < count) return '';
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The path and hash of the sign-up link in the newest invitation mail to `to` (`/invitation#<token>`). */
export async function invitationPathFor(to: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const text = (await mailsTo(to)).at(-1)?.text ?? '';
        found = /https?:\/\/\S+?(\/invitation#[\w-]+)/.exec(text)?.[1] ?? '';
        return found;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('');
  return found;
}
