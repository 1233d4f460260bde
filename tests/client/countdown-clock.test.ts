import { describe, expect, it } from 'vitest';
import { closerClock, formatRemaining, remainingMs } from '../../client/features/classroom/utils/remaining';

const at = (iso: string) => Date.parse(iso);

describe('breakout countdown clock (#17)', () => {
  it('estimates the server clock at the middle of the round trip', () => {
    // Browser 5 s behind the server; 200 ms round trip.
    const clock = closerClock(
      null,
      '2027-03-01T12:00:05.100Z',
      at('2027-03-01T12:00:00Z'),
      at('2027-03-01T12:00:00.200Z'),
    );
    expect(clock).toEqual({ roundTrip: 200, offset: 5000 });
  });

  it('keeps the estimate of the quickest answer: a slow one could be seconds off', () => {
    const quick = closerClock(
      null,
      '2027-03-01T12:00:05.100Z',
      at('2027-03-01T12:00:00Z'),
      at('2027-03-01T12:00:00.200Z'),
    );
    // Twelve seconds in flight, the server answering at once: its middle is six seconds wrong.
    const slow = closerClock(
      quick,
      '2027-03-01T12:00:15Z',
      at('2027-03-01T12:00:10Z'),
      at('2027-03-01T12:00:22Z'),
    );
    expect(slow).toBe(quick);
    const quicker = closerClock(
      quick,
      '2027-03-01T12:01:05.050Z',
      at('2027-03-01T12:01:00Z'),
      at('2027-03-01T12:01:00.100Z'),
    );
    expect(quicker).toEqual({ roundTrip: 100, offset: 5000 });
  });

  it('counts down from the server end, never below zero, rounding seconds up', () => {
    const end = '2027-03-01T12:15:00Z';
    expect(remainingMs(null, 0, at('2027-03-01T12:00:00Z'))).toBeNull();
    expect(remainingMs(end, 5000, at('2027-03-01T12:00:00Z'))).toBe(14 * 60_000 + 55_000);
    expect(remainingMs(end, 0, at('2027-03-01T12:20:00Z'))).toBe(0);
    expect(formatRemaining(14 * 60_000 + 55_000)).toBe('14:55');
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(1)).toBe('0:01');
    expect(formatRemaining(0)).toBe('0:00');
  });
});
