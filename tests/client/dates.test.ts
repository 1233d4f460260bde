import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../events/shared/dates';

describe('dates as the platform shows them (GMT+1)', () => {
  it('reads a timestamp in GMT+1, across midnight', () => {
    expect(formatDateTime('2027-03-10T09:00:00.000Z')).toBe('10/03/2027 10:00');
    expect(formatDateTime('2027-12-31T23:30:00.000Z')).toBe('01/01/2028 00:30');
  });

  it('shows a bare calendar date without inventing an hour', () => {
    expect(formatDateTime('2027-03-03')).toBe('03/03/2027');
    expect(formatDate('2027-03-03')).toBe('03/03/2027');
  });

  it('gives back what it cannot read, and nothing for nothing', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime(null)).toBe('');
  });
});
