import { describe, expect, it } from 'vitest';
import { type TrackingCommand, trackingInputSchema } from '../../../events/tracking/commands';
import { trackingDecider } from '../../../events/tracking/decider';
import type { ItemSeenEvent, TrackingEvent } from '../../../events/tracking/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(trackingDecider);
const userId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0101';
const t0 = '2026-11-22T09:00:00.000Z';
const plus = (seconds: number, from = t0) => new Date(Date.parse(from) + seconds * 1000).toISOString();

type Category = ItemSeenEvent['data']['category'];
const seen = (category: Category, path: string, at: string): TrackingEvent => ({
  type: 'ItemSeen',
  data: { userId, category, path, at },
});
const record = (category: Category, path: string, at: string, now = at): TrackingCommand => ({
  type: 'RecordSeen',
  data: { userId, category, path, at, now },
});

/** Two pages of one module, and a page of another module with the same path. */
const moduleId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201';
const otherModuleId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0202';
const pages = {
  intro: {
    moduleId,
    modulePath: 'family-planning',
    pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0301',
    pagePath: 'intro',
  },
  quiz: {
    moduleId,
    modulePath: 'family-planning',
    pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0302',
    pagePath: 'quiz',
  },
  otherIntro: {
    moduleId: otherModuleId,
    modulePath: 'contraception',
    pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0303',
    pagePath: 'intro',
  },
};
type PageRef = (typeof pages)[keyof typeof pages];
const pageSeen = (page: PageRef, at: string): TrackingEvent => ({
  type: 'PageSeen',
  data: { userId, ...page, at },
});
const recordPage = (page: PageRef, at: string, now = at): TrackingCommand => ({
  type: 'RecordPageSeen',
  data: { userId, ...page, at, now },
});

const table: {
  name: string;
  given: TrackingEvent[];
  when: TrackingCommand;
  thenEvents?: TrackingEvent[];
  throws?: [string, string];
}[] = [
  {
    name: 'the first sight of an item is recorded',
    given: [],
    when: record('courses', 'family-planning', t0),
    thenEvents: [seen('courses', 'family-planning', t0)],
  },
  {
    name: 'a repeat view within 60 seconds of the last sighting appends nothing',
    given: [seen('courses', 'family-planning', t0)],
    when: record('courses', 'family-planning', plus(59.999)),
    thenEvents: [],
  },
  {
    name: 'a view 60 seconds or more after the last sighting is recorded',
    given: [seen('courses', 'family-planning', t0)],
    when: record('courses', 'family-planning', plus(60)),
    thenEvents: [seen('courses', 'family-planning', plus(60))],
  },
  {
    name: 'the window runs from the last sighting, not the first',
    given: [seen('courses', 'family-planning', t0), seen('courses', 'family-planning', plus(600))],
    when: record('courses', 'family-planning', plus(630)),
    thenEvents: [],
  },
  {
    name: 'the same path in another category is another item',
    given: [seen('courses', 'family-planning', t0)],
    when: record('sections', 'family-planning', plus(1)),
    thenEvents: [seen('sections', 'family-planning', plus(1))],
  },
  {
    name: 'a lastSeen older than the previous one changes nothing',
    given: [seen('files', 'leaflet', t0)],
    when: record('files', 'leaflet', plus(-3600), plus(120)),
    thenEvents: [],
  },
  {
    name: 'a lastSeen given with an offset is stored in UTC',
    given: [],
    when: record('recordings', 'https://video.example.org/rec-1', '2026-11-22T10:00:00+01:00', plus(5)),
    thenEvents: [seen('recordings', 'https://video.example.org/rec-1', t0)],
  },
  {
    name: 'a lastSeen slightly ahead of the server (clock skew) counts at the server time',
    given: [],
    when: record('classrooms', 'week-one', plus(240), t0),
    thenEvents: [seen('classrooms', 'week-one', t0)],
  },
  {
    name: 'a lastSeen further in the future is refused',
    given: [],
    when: record('classrooms', 'week-one', plus(301), t0),
    throws: ['INVALID', 'tracking.lastSeenInFuture'],
  },
  {
    name: 'a path named like an Object member is an item like any other',
    given: [seen('breakoutrooms', 'toString', t0)],
    when: record('breakoutrooms', 'constructor', plus(1)),
    thenEvents: [seen('breakoutrooms', 'constructor', plus(1))],
  },
  // Module pages (PageSeen): the same rule, by page, apart from the categories.
  {
    name: 'the first sight of a module page is recorded',
    given: [],
    when: recordPage(pages.intro, t0),
    thenEvents: [pageSeen(pages.intro, t0)],
  },
  {
    name: 'a page seen again within 60 seconds appends nothing',
    given: [pageSeen(pages.intro, t0)],
    when: recordPage(pages.intro, plus(59.999)),
    thenEvents: [],
  },
  {
    name: 'a page seen again 60 seconds or more after its last sighting is recorded',
    given: [pageSeen(pages.intro, t0), pageSeen(pages.intro, plus(120))],
    when: recordPage(pages.intro, plus(180)),
    thenEvents: [pageSeen(pages.intro, plus(180))],
  },
  {
    name: "another page of the module is another page, and so is another module's page of the same path",
    given: [pageSeen(pages.intro, t0)],
    when: recordPage(pages.otherIntro, plus(1)),
    thenEvents: [pageSeen(pages.otherIntro, plus(1))],
  },
  {
    name: 'a sighting of the module page after another page is recorded',
    given: [pageSeen(pages.intro, t0)],
    when: recordPage(pages.quiz, plus(1)),
    thenEvents: [pageSeen(pages.quiz, plus(1))],
  },
  {
    name: 'an item in a category with the page path does not hold the page back, nor the page the item',
    given: [seen('sections', 'intro', t0), pageSeen(pages.quiz, t0)],
    when: recordPage(pages.intro, plus(1)),
    thenEvents: [pageSeen(pages.intro, plus(1))],
  },
  {
    name: 'a page sighting older than the last one changes nothing',
    given: [pageSeen(pages.intro, t0)],
    when: recordPage(pages.intro, plus(-3600), plus(120)),
    thenEvents: [],
  },
  {
    name: 'a page sighting slightly ahead of the server counts at the server time',
    given: [],
    when: recordPage(pages.intro, plus(240), t0),
    thenEvents: [pageSeen(pages.intro, t0)],
  },
  {
    name: 'a page sighting further in the future is refused',
    given: [],
    when: recordPage(pages.intro, plus(301), t0),
    throws: ['INVALID', 'tracking.lastSeenInFuture'],
  },
];

describe('tracking decider', () => {
  for (const row of table) {
    it(row.name, () => {
      const then = spec(row.given).when(row.when);
      if (row.throws) then.thenThrows(row.throws[0] as never, row.throws[1]);
      else then.thenEvents(row.thenEvents!);
    });
  }

  it('keeps the first and last sighting per category and path', () => {
    const state = [
      seen('courses', 'family-planning', plus(600)),
      seen('courses', 'family-planning', t0),
      seen('files', 'leaflet', plus(60)),
    ].reduce(trackingDecider.evolve, trackingDecider.initialState());
    expect(state.seen).toEqual({
      courses: { 'family-planning': { firstSeen: t0, lastSeen: plus(600) } },
      files: { leaflet: { firstSeen: plus(60), lastSeen: plus(60) } },
    });
    expect(state.pages).toEqual({});
    // Plain JSON, so it can be kept as a snapshot.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('keeps page sightings by page id, apart from the categories', () => {
    const state = [
      pageSeen(pages.intro, plus(600)),
      pageSeen(pages.intro, t0),
      seen('courses', 'family-planning', t0),
    ].reduce(trackingDecider.evolve, trackingDecider.initialState());
    expect(state.pages).toEqual({ [pages.intro.pageId]: { firstSeen: t0, lastSeen: plus(600) } });
    expect(Object.keys(state.seen)).toEqual(['courses']);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('ignores snapshots of the state before page sightings (schema version 1)', () => {
    expect(trackingDecider.snapshot?.schemaVersion).toBe(2);
  });
});

describe('updateLog tracking document', () => {
  it('takes the plural category names and maps the singular ones', () => {
    const pairs = {
      course: 'courses',
      section: 'sections',
      file: 'files',
      certificate: 'certificates',
      classroom: 'classrooms',
      breakoutroom: 'breakoutrooms',
      recording: 'recordings',
    };
    for (const [one, many] of Object.entries(pairs)) {
      expect(trackingInputSchema.parse({ type: one, path: 'x' }).type).toBe(many);
      expect(trackingInputSchema.parse({ type: many, path: 'x' }).type).toBe(many);
    }
  });
  it('accepts an ISO lastSeen, or none', () => {
    expect(trackingInputSchema.parse({ type: 'course', path: 'a', lastSeen: t0 })).toEqual({
      type: 'courses',
      path: 'a',
      lastSeen: t0,
    });
    expect(trackingInputSchema.parse({ type: 'course', path: 'a' }).lastSeen).toBeUndefined();
    expect(
      trackingInputSchema.safeParse({ type: 'course', path: 'a', lastSeen: 'yesterday' }).error?.issues[0]
        ?.message,
    ).toBe('validation.date');
  });
  it('refuses an unknown type, and a content path that is no slug', () => {
    expect(trackingInputSchema.safeParse({ type: 'modules', path: 'a' }).error?.issues[0]?.message).toBe(
      'tracking.unknownType',
    );
    expect(
      trackingInputSchema.safeParse({ type: 'course', path: 'Not a path' }).error?.issues[0]?.message,
    ).toBe('validation.path');
    expect(trackingInputSchema.safeParse({ type: 'course', path: '' }).success).toBe(false);
    // Recordings have no path of their own: their address is theirs.
    expect(
      trackingInputSchema.parse({ type: 'recording', path: 'https://video.example.org/rec-1?t=1' }).path,
    ).toBe('https://video.example.org/rec-1?t=1');
  });
});
