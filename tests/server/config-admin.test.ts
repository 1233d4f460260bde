import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('ADMIN_PASSWORD', () => {
  const withPassword = (password: string) => ({ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: password });

  it('takes a password of 8 characters or more that is not among the most used', () => {
    expect(loadConfig(withPassword('correct horse battery')).ADMIN_PASSWORD).toBe('correct horse battery');
  });

  it.each(['password', '12345678', 'qwertyuiop'])(
    'refuses the common %j, naming the variable',
    (password) => {
      expect(() => loadConfig(withPassword(password))).toThrow(ConfigError);
      expect(() => loadConfig(withPassword(password))).toThrow(
        /ADMIN_PASSWORD: is among the 10,000 most used/,
      );
    },
  );

  it('refuses a short one', () => {
    expect(() => loadConfig(withPassword('short'))).toThrow(
      /ADMIN_PASSWORD: must have at least 8 characters/,
    );
  });
});
