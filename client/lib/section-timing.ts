/**
 * Section timing (docs/guide/live-classrooms.md): sections are sorted by their classroom's start;
 * one whose classroom runs now (start ≤ now < end) is 'live'; one that is over (its end passed, or
 * it started and has no end) is 'past' (shown disabled); the first one after those is 'next'
 * (expanded by default) and the rest are 'future'. Pure and browser-free: the caller gives the
 * moment.
 */
export type SectionTiming = 'live' | 'past' | 'next' | 'future';

/** What the timing reads of a section: its classroom's start and end, if it has them. */
export interface TimedSection {
  classroom: { startdate: string | null; enddate?: string | null } | null;
}

export interface ClassifiedSection<S> {
  section: S;
  timing: SectionTiming;
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** A stored date as milliseconds; a bare calendar date is midnight in GMT+1, the platform's zone. */
function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(calendarDate.test(value) ? `${value}T00:00:00+01:00` : value);
  return Number.isNaN(time) ? null : time;
}

/** The start as milliseconds, or null when there is none (or it cannot be read). */
export const startOf = (section: TimedSection): number | null => instant(section.classroom?.startdate);

/** The end as milliseconds, or null when there is none (or it cannot be read). */
const endOf = (section: TimedSection): number | null => instant(section.classroom?.enddate);

/**
 * The live part: the classroom's links show until its end, or always without one;
 * after the end the section says the live part is over and shows the recordings.
 */
export function liveOver(section: TimedSection, now: Date): boolean {
  const end = endOf(section);
  return end !== null && end <= now.getTime();
}

/** Whether the classroom runs at `now`: started, and its end still ahead. */
export function isLive(section: TimedSection, now: Date): boolean {
  const start = startOf(section);
  const end = endOf(section);
  return start !== null && end !== null && start <= now.getTime() && now.getTime() < end;
}

/**
 * The sections in timing order with their timing. Dated sections come first, earliest start first
 * (ties keep the editors' order); sections without a classroom start follow in the editors' order.
 * A running one is live; one that started and is not running is past; of the rest, the first is
 * next and the others future (so with no dated section ahead, the first undated one is next).
 */
export function classifySections<S extends TimedSection>(
  sections: readonly S[],
  now: Date,
): ClassifiedSection<S>[] {
  const entries = sections.map((section, index) => ({ section, index, start: startOf(section) }));
  const dated = entries
    .filter((entry) => entry.start !== null)
    .sort((a, b) => a.start! - b.start! || a.index - b.index);
  const undated = entries.filter((entry) => entry.start === null);
  const moment = now.getTime();
  let nextGiven = false;
  return [...dated, ...undated].map(({ section, start }): ClassifiedSection<S> => {
    if (isLive(section, now)) return { section, timing: 'live' };
    if (start !== null && start < moment) return { section, timing: 'past' };
    if (!nextGiven) {
      nextGiven = true;
      return { section, timing: 'next' };
    }
    return { section, timing: 'future' };
  });
}
