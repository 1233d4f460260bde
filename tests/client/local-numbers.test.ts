import { describe, expect, it } from 'vitest';
import { localNumbers } from '../../client/lib/text';

describe('numbers in a text, written for a language', () => {
  it.each([
    ['25 ± 0.5', 'nl', '25 ± 0,5'],
    ['25 ± 0.5', 'en', '25 ± 0.5'],
    ['1994', 'fr', '1994'],
    ['-3.25 ± 1', 'fr', '-3,25 ± 1'],
    ['12500.75', 'nl', '12500,75'],
  ])('given %j in %s, then %j', (text, language, expected) =>
    expect(localNumbers(text, language)).toBe(expected),
  );
});
