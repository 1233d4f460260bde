/**
 * The countdown's remaining time at a browser moment, from the server's end and the estimated
 * difference between the clocks; never below zero.
 */
export function remainingMs(endsAt: string | null, offset: number, browserNow: number): number | null {
  if (!endsAt) return null;
  return Math.max(0, Date.parse(endsAt) - (browserNow + offset));
}

/** Whole minutes and seconds, rounded up so that 0:00 shows only when the time is up. */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
