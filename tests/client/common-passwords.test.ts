import { describe, expect, it } from 'vitest';
import en from '../../client/locales/en.json' with { type: 'json' };
import fr from '../../client/locales/fr.json' with { type: 'json' };
import nl from '../../client/locales/nl.json' with { type: 'json' };
import { signUpSchema } from '../../events/user/commands';
import { isCommonPassword } from '../../events/user/common-passwords';

/** The sign-up and reset forms validate with the shared schema, so the browser refuses these too. */
describe('common passwords (shared by the forms and the server)', () => {
  const form = { name: 'Ama', email: 'ama@example.org' };
  const messages = (password: string) =>
    signUpSchema.safeParse({ ...form, password }).error?.issues.map((issue) => issue.message) ?? [];

  it('refuses the most used passwords of 8 characters or more, whatever their case', () => {
    for (const password of ['password', '12345678', 'PASSWORD', 'Iloveyou!', 'qwertyuiop', 'baseball']) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(messages(password), password).toEqual(['validation.passwordCommon']);
    }
  });

  it('accepts a password of your own, and still says "too short" first for short ones', () => {
    expect(messages('a-long-passphrase')).toEqual([]);
    expect(messages('vlinder-op-de-fiets-7')).toEqual([]);
    expect(messages('1234')).toEqual(['validation.passwordTooShort']);
  });

  it('explains the refusal in every language', () => {
    for (const locale of [en, fr, nl]) expect(locale.validation.passwordCommon).toMatch(/\w{3}/);
  });
});
