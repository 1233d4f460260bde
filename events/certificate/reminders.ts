export const DAY_MS = 86_400_000;

/**
 * Which reminder is due for a certificate expiring at `expiresAt`, at `now`: the most urgent
 * threshold already reached (days left ≤ threshold), unless that one or a more urgent one was sent.
 * Null when none is due, the certificate never expires, or has expired. Pure.
 *
 * Thresholds passed while nothing ran (the job was down from 61 to 20 days before expiry) are not
 * sent late one after the other: only the most urgent one reached is, so a holder never gets the
 * 60-day and the 30-day mail on the same morning.
 */
export function dueReminder(input: {
  expiresAt: string | null;
  now: Date;
  thresholds: readonly number[];
  sent: readonly number[];
}): number | null {
  if (input.expiresAt === null) return null;
  const left = Date.parse(input.expiresAt) - input.now.getTime();
  if (left <= 0) return null;
  const reached = input.thresholds.filter((days) => left <= days * DAY_MS);
  if (reached.length === 0) return null;
  const due = Math.min(...reached);
  return input.sent.some((days) => days <= due) ? null : due;
}

/** Whole days from `from` until `expiresAt`, rounded up (a mail says 'in 30 days', not 29.96). */
export const daysUntil = (expiresAt: string, from: string) =>
  Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.parse(from)) / DAY_MS));
