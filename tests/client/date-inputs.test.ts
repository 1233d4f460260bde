import { describe, expect, it } from 'vitest';
import {
  fromDateInput,
  fromDateTimeInput,
  toDateInput,
  toDateTimeInput,
} from '../../client/ui/admin/content-form-helpers';

describe('dates typed as DD/MM/YYYY in every language', () => {
  it.each([
    ['24/11/2026', '2026-11-24'],
    ['1/2/2027', '2027-02-01'],
    ['01.02.2027', '2027-02-01'],
    [' 29-02-2028 ', '2028-02-29'],
    ['', ''],
  ])('reads %j as the day %j', (typed, stored) => {
    expect(fromDateInput(typed)).toBe(stored);
  });

  it.each(['31/02/2027', '2027-02-01', '11/24/2026', 'tomorrow', '24/11/26'])(
    'leaves %j as typed, for the schema to refuse next to the field',
    (typed) => {
      expect(fromDateInput(typed)).toBe(typed.trim());
    },
  );

  it('shows a stored day or timestamp as DD/MM/YYYY', () => {
    expect(toDateInput('2026-11-24')).toBe('24/11/2026');
    expect(toDateInput('2026-11-24T10:00:00.000Z')).toBe('24/11/2026');
    expect(toDateInput(null)).toBe('');
  });
});

describe('classroom times typed as DD/MM/YYYY HH:MM in GMT+1', () => {
  it('reads a typed time as GMT+1, and a datetime-local value the same way', () => {
    expect(fromDateTimeInput('01/06/2027 14:00')).toBe('2027-06-01T14:00:00+01:00');
    expect(fromDateTimeInput('1/6/2027 9:05')).toBe('2027-06-01T09:05:00+01:00');
    expect(fromDateTimeInput('2027-06-01T14:00')).toBe('2027-06-01T14:00:00+01:00');
    expect(fromDateTimeInput('  ')).toBeNull();
  });

  it('leaves what is no time as typed', () => {
    for (const typed of ['01/06/2027', '01/06/2027 25:00', '31/06/2027 10:00', 'soon']) {
      expect(fromDateTimeInput(typed)).toBe(typed);
    }
  });

  it('shows a stored moment at its GMT+1 wall-clock time, and round-trips', () => {
    expect(toDateTimeInput('2027-06-01T13:00:00.000Z')).toBe('01/06/2027 14:00');
    expect(toDateTimeInput('2026-12-31T23:30:00Z')).toBe('01/01/2027 00:30');
    expect(fromDateTimeInput(toDateTimeInput('2027-06-01T13:00:00.000Z'))).toBe('2027-06-01T14:00:00+01:00');
  });
});
