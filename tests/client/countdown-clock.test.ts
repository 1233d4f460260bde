import { describe, expect, it } from 'vitest';
import { closerClock, formatRemaining, remainingMs } from '../../client/features/classroom/utils/remaining';

const at = (iso: string) => Date.parse(iso);

describe('breakout countdown clock', () => {
  it("takes the server's stamp as no later than the moment the answer arrived", () => {
    // Browser 5 s behind the server; the answer took 40 ms on its way back.
    expect(closerClock(null, '2027-03-01T12:00:05.000Z', at('2027-03-01T12:00:00.040Z'))).toBe(4960);
  });

  it('keeps the largest bound: an answer that was slow on its way back cannot pull it off', () => {
    const first = closerClock(null, '2027-03-01T12:00:05.000Z', at('2027-03-01T12:00:00.040Z'));
    // Six seconds on the way back (a busy browser): a bound six seconds short, ignored.
    expect(closerClock(first, '2027-03-01T12:00:15.000Z', at('2027-03-01T12:00:16.000Z'))).toBe(first);
    // A quicker one tightens it.
    expect(closerClock(first, '2027-03-01T12:01:05.000Z', at('2027-03-01T12:01:00.010Z'))).toBe(4990);
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
