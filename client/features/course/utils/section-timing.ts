/**
 * Spec section 4, section timing: sections are sorted by their classroom's start; one that started
 * before now is 'past' (shown disabled), the first one after it is 'next' (expanded by default) and
 * the rest are 'future'. Pure and browser-free: the caller gives the moment.
 */
export type SectionTiming = 'past' | 'next' | 'future';

/** What the timing reads of a section: its classroom's start, if it has one. */
export interface TimedSection {
  classroom: { startdate: string | null } | null;
}

export interface ClassifiedSection<S> {
  section: S;
  timing: SectionTiming;
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The start as milliseconds, or null when there is none (or it cannot be read). A bare calendar
 * date starts at midnight in GMT+1, the platform's time zone.
 */
export function startOf(section: TimedSection): number | null {
  const value = section.classroom?.startdate;
  if (!value) return null;
  const time = Date.parse(calendarDate.test(value) ? `${value}T00:00:00+01:00` : value);
  return Number.isNaN(time) ? null : time;
}

/**
 * The sections in timing order with their timing. Dated sections come first, earliest start first
 * (ties keep the editors' order); sections without a classroom start follow in the editors' order.
 * A section that started before `now` is past; of the rest, the first is next and the others future
 * (so with no dated section ahead, the first undated one is next).
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
    if (start !== null && start < moment) return { section, timing: 'past' };
    if (!nextGiven) {
      nextGiven = true;
      return { section, timing: 'next' };
    }
    return { section, timing: 'future' };
  });
}
