import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('CERTIFICATE_REMINDER_DAYS', () => {
  it('is 60, 30 and 7 days when unset or empty', () => {
    expect(loadConfig({}).CERTIFICATE_REMINDER_DAYS).toEqual([60, 30, 7]);
    expect(loadConfig({ CERTIFICATE_REMINDER_DAYS: ' ' }).CERTIFICATE_REMINDER_DAYS).toEqual([60, 30, 7]);
  });
  it('takes comma-separated days in any order, once each, spaces allowed', () => {
    expect(loadConfig({ CERTIFICATE_REMINDER_DAYS: '14, 90,14,1' }).CERTIFICATE_REMINDER_DAYS).toEqual([
      90, 14, 1,
    ]);
  });
  it('is switched off with none', () => {
    expect(loadConfig({ CERTIFICATE_REMINDER_DAYS: 'none' }).CERTIFICATE_REMINDER_DAYS).toEqual([]);
  });
  it.each(['0', '-7', '7.5', '60;30', '60,,7', 'x', '3651', '1,2,3,4,5,6,7,8,9,10,11'])(
    'refuses %j naming the variable',
    (value) => {
      expect(() => loadConfig({ CERTIFICATE_REMINDER_DAYS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ CERTIFICATE_REMINDER_DAYS: value })).toThrow(
        /CERTIFICATE_REMINDER_DAYS: must be/,
      );
    },
  );
});
