const datePart = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Classroom and other times are shown in GMT+1, whatever the browser's zone. */
const platformOffsetMs = 60 * 60 * 1000;

/**
 * DD/MM/YYYY for a calendar date (YYYY-MM-DD) or an ISO timestamp (read in GMT+1).
 * Anything unreadable comes back unchanged rather than as "Invalid Date".
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const plain = datePart.exec(value);
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const shifted = new Date(time + platformOffsetMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(shifted.getUTCDate())}/${pad(shifted.getUTCMonth() + 1)}/${shifted.getUTCFullYear()}`;
}

/**
 * DD/MM/YYYY HH:mm for an ISO timestamp, read in GMT+1 like every time on the platform; a bare
 * calendar date (a classroom start given without a time) as DD/MM/YYYY, with no invented hour.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (datePart.test(value)) return formatDate(value);
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const shifted = new Date(time + platformOffsetMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(value)} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}
