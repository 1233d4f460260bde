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

export interface ClockEstimate {
  /** The server's clock minus this browser's, in milliseconds. */
  offset: number;
  /** The round trip of the answer it comes from. */
  roundTrip: number;
}

/**
 * The server's clock minus the browser's, from one answer sent at `sent` and received at
 * `received` (browser time) carrying the server's `serverNow`: kept only when its round trip is no
 * longer than the best so far, since its error is at most half the round trip (a slow answer on a
 * busy network could be seconds off).
 */
export function closerClock(
  best: ClockEstimate | null,
  serverNow: string,
  sent: number,
  received: number,
): ClockEstimate {
  const roundTrip = received - sent;
  if (best && best.roundTrip < roundTrip) return best;
  return { roundTrip, offset: Date.parse(serverNow) - (sent + received) / 2 };
}
