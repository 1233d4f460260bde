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

/**
 * The server's clock minus the browser's, from answers that carry the server's `serverNow`, stamped
 * just before the answer left. The server stamped it before the browser received it, so
 * `serverNow - received` is never more than the true difference: each answer gives a lower bound,
 * short of the truth by the time the answer spent on its way back only (time the request waited on
 * the way in, or in the server, does not count). The largest bound so far is the estimate; a slow
 * answer on a busy network or server cannot pull it off.
 */
export function closerClock(best: number | null, serverNow: string, received: number): number {
  const bound = Date.parse(serverNow) - received;
  return best === null ? bound : Math.max(best, bound);
}
