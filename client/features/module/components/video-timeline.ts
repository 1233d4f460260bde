/**
 * The stops of an interactive video (docs/guide/modules-and-pages.md): where playback pauses to show the
 * referenced questions. Pure: the player component feeds it the playback position and the stops it
 * has handled, and asks which stop is due.
 *
 * Decisions:
 * - Timestamps at the same second are one stop, with their references merged (first seen first,
 *   without repeats). Timestamps without references are no stop: there is nothing to show.
 * - A stop is due once the position has reached its time and it has not been handled. When several
 *   are due (a seek forward past them), the earliest is: the player stops there first, and the next
 *   one follows at once after 'Continue', so none is skipped.
 * - A handled stop stays handled: seeking back before it does not show its questions again (the
 *   learner has seen them; watching a part again should not interrupt it). Loading the page again
 *   starts over.
 * - When the media has ended, every stop not yet handled is due, also one set after the end of
 *   the video (a timestamp the video never reaches).
 */

export interface TimestampLike {
  timestampInSeconds: number;
  references: readonly string[];
}

export interface Stop {
  /** Seconds from the start. */
  seconds: number;
  /** Names of the questions shown here, in the order given. */
  references: string[];
}

/** The stops of a video in time order, one per second that has references. */
export function timelineOf(timestamps: readonly TimestampLike[]): Stop[] {
  const bySecond = new Map<number, string[]>();
  for (const timestamp of timestamps) {
    if (!Number.isFinite(timestamp.timestampInSeconds) || timestamp.references.length === 0) continue;
    const seconds = Math.max(0, Math.floor(timestamp.timestampInSeconds));
    const references = bySecond.get(seconds) ?? [];
    for (const reference of timestamp.references) {
      if (!references.includes(reference)) references.push(reference);
    }
    bySecond.set(seconds, references);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([seconds, references]) => ({ seconds, references }));
}

/**
 * The index of the stop due at `position` (seconds), or null: the earliest stop at or before the
 * position that is not in `handled`. With `ended`, the position counts as past every stop.
 */
export function dueStop(
  stops: readonly Stop[],
  position: number,
  handled: ReadonlySet<number>,
  options: { ended?: boolean } = {},
): number | null {
  const at = options.ended ? Number.POSITIVE_INFINITY : position;
  if (!Number.isFinite(at) && !options.ended) return null;
  for (let index = 0; index < stops.length; index += 1) {
    const stop = stops[index]!;
    if (stop.seconds > at) return null;
    if (!handled.has(index)) return index;
  }
  return null;
}

/** '01:30' under an hour, '1:02:03' from an hour on. */
export function clockTime(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** How a video address is played: a YouTube player, another embed (Vimeo), or a media file. */
export type VideoSource = { kind: 'youtube'; id: string } | { kind: 'embed' } | { kind: 'file' };

const youTubeId = /^[A-Za-z0-9_-]{6,20}$/;

export function videoSourceOf(url: string, embed: string | null): VideoSource {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (parsed) {
    const host = parsed.hostname.replace(/^(www|m)\./, '');
    const segments = parsed.pathname.split('/').filter(Boolean);
    let id: string | null | undefined = null;
    if (host === 'youtu.be') id = segments[0];
    else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      id =
        segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live'
          ? segments[1]
          : parsed.searchParams.get('v');
    }
    if (id && youTubeId.test(id)) return { kind: 'youtube', id };
  }
  return embed ? { kind: 'embed' } : { kind: 'file' };
}
