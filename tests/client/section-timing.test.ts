import { describe, expect, it } from 'vitest';
import { classifySections, isLive, liveOver, startOf } from '../../client/lib/section-timing';

const now = new Date('2027-03-01T12:00:00Z');
const section = (path: string, startdate: string | null | undefined, enddate: string | null = null) => ({
  path,
  classroom: startdate === undefined ? null : { startdate, enddate },
});
const timings = (sections: ReturnType<typeof section>[], at = now) =>
  classifySections(sections, at).map(({ section, timing }) => [section.path, timing]);

describe('section timing', () => {
  it('sorts by classroom start: the started ones are past, the first later one next, the rest future', () => {
    expect(
      timings([
        section('future', '2027-05-01T09:00:00Z'),
        section('past', '2027-02-01T09:00:00Z'),
        section('next', '2027-03-10T09:00:00Z'),
        section('older', '2027-01-01T09:00:00Z'),
      ]),
    ).toEqual([
      ['older', 'past'],
      ['past', 'past'],
      ['next', 'next'],
      ['future', 'future'],
    ]);
  });

  it('puts sections without a classroom start after the dated ones, in the editors order', () => {
    expect(
      timings([
        section('no-classroom-b', undefined),
        section('later', '2027-04-01T09:00:00Z'),
        section('no-start', null),
        section('earlier', '2027-02-01T09:00:00Z'),
        section('no-classroom-a', undefined),
      ]),
    ).toEqual([
      ['earlier', 'past'],
      ['later', 'next'],
      ['no-classroom-b', 'future'],
      ['no-start', 'future'],
      ['no-classroom-a', 'future'],
    ]);
  });

  it('makes the first undated section next when no dated one lies ahead', () => {
    expect(
      timings([section('done', '2027-02-01T09:00:00Z'), section('a', null), section('b', null)]),
    ).toEqual([
      ['done', 'past'],
      ['a', 'next'],
      ['b', 'future'],
    ]);
    expect(timings([section('a', undefined), section('b', undefined)])).toEqual([
      ['a', 'next'],
      ['b', 'future'],
    ]);
  });

  it('has no next section when every section has started', () => {
    expect(timings([section('b', '2027-02-02T09:00:00Z'), section('a', '2027-02-01T09:00:00Z')])).toEqual([
      ['a', 'past'],
      ['b', 'past'],
    ]);
  });

  it('counts a start exactly now as not yet past, and keeps the editors order for equal starts', () => {
    expect(
      timings([
        section('second', '2027-03-01T12:00:00Z'),
        section('first-of-tie', '2027-03-01T12:00:00Z'),
        section('just-before', '2027-03-01T11:59:59Z'),
      ]),
    ).toEqual([
      ['just-before', 'past'],
      ['second', 'next'],
      ['first-of-tie', 'future'],
    ]);
  });

  it('reads a bare calendar date as midnight in GMT+1 and an unreadable start as none', () => {
    expect(startOf(section('d', '2027-03-02'))).toBe(Date.parse('2027-03-01T23:00:00Z'));
    expect(startOf(section('offset', '2027-03-02T10:00:00+01:00'))).toBe(Date.parse('2027-03-02T09:00:00Z'));
    expect(startOf(section('bad', 'not a date'))).toBeNull();
    // 01/03/2027 at midnight GMT+1 was 23:00 UTC the day before: by noon it has started.
    expect(timings([section('today', '2027-03-01'), section('tomorrow', '2027-03-02')])).toEqual([
      ['today', 'past'],
      ['tomorrow', 'next'],
    ]);
  });

  it('gives back an empty list for no sections and leaves its input alone', () => {
    expect(classifySections([], now)).toEqual([]);
    const input = [section('b', '2027-05-01T09:00:00Z'), section('a', '2027-04-01T09:00:00Z')];
    classifySections(input, now);
    expect(input.map((entry) => entry.path)).toEqual(['b', 'a']);
  });

  it('makes a running classroom live, and past once its end has passed', () => {
    expect(
      timings([
        section('over', '2027-03-01T08:00:00Z', '2027-03-01T10:00:00Z'),
        section('running', '2027-03-01T11:00:00Z', '2027-03-01T14:00:00Z'),
        section('starts-now', '2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z'),
        section('open-ended', '2027-02-01T09:00:00Z'),
        section('later', '2027-03-08T09:00:00Z', '2027-03-08T11:00:00Z'),
      ]),
    ).toEqual([
      ['open-ended', 'past'],
      ['over', 'past'],
      ['running', 'live'],
      ['starts-now', 'live'],
      ['later', 'next'],
    ]);
    // The end itself is over: 14:00 ends a session at 14:00.
    expect(timings([section('ends-now', '2027-03-01T10:00:00Z', '2027-03-01T12:00:00Z')])).toEqual([
      ['ends-now', 'past'],
    ]);
  });

  it('shows the live part until the end, or always without one', () => {
    const running = section('r', '2027-03-01T11:00:00Z', '2027-03-01T14:00:00Z');
    expect(isLive(running, now)).toBe(true);
    expect(liveOver(running, now)).toBe(false);
    expect(liveOver(running, new Date('2027-03-01T14:00:00Z'))).toBe(true);
    expect(liveOver(section('no-end', '2027-01-01T09:00:00Z'), now)).toBe(false);
    expect(isLive(section('no-end', '2027-01-01T09:00:00Z'), now)).toBe(false);
    expect(liveOver(section('no-classroom', undefined), now)).toBe(false);
  });
});
