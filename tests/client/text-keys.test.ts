import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { issueKey, type SubKey, type TextKey } from '../../events/errors';
import { translator } from '../../server/i18n';

/**
 * Text keys are typed from client/locales/en.json (client/locales/i18next.d.ts): `npm run typecheck`
 * refuses a key that is not there, in the client's `t`, the server's translator and every refusal.
 * The `@ts-expect-error` lines below are the proof: were the keys plain strings again, they would
 * compile without error and the typecheck would fail on the unused directive.
 */
function compileTimeChecks(
  t: TFunction,
  refuse: (key: TextKey) => void,
  row: (key: SubKey<'resultsCsv'>) => void,
) {
  t('login.signInTitle');
  // @ts-expect-error a key no language file holds
  t('login.signInTitel');
  refuse('errors.forbidden');
  // @ts-expect-error a refusal must name an existing text
  refuse('errors.nothingLikeThis');
  row('score');
  // @ts-expect-error a key below the section, not the section's own name
  row('resultsCsv.score');
}

describe('text keys', () => {
  it('are checked by the compiler (see compileTimeChecks)', () => {
    expect(typeof compileTimeChecks).toBe('function');
  });

  it("read a schema's message as a key, and zod's own sentences as the fallback", () => {
    expect(issueKey('validation.date')).toBe('validation.date');
    expect(issueKey('Invalid input: expected string, received undefined')).toBe('validation.invalid');
    expect(issueKey('Too small', 'result.invalidAnswer')).toBe('result.invalidAnswer');
  });

  it('translate on the server from the same catalogue', () => {
    expect(translator('en')('errors.forbidden')).not.toBe('errors.forbidden');
  });
});
