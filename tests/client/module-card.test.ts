import { describe, expect, it } from 'vitest';
import { cardInfo, smallInfoLength } from '../../client/features/module/components/module-card';
import { hasMarkdown, plainText, truncate } from '../../client/lib/text';

describe('module card info (128 characters on small cards)', () => {
  const long =
    'Wat bedoelen we met seksuele en reproductieve gezondheid en rechten? Tekst, video en een korte vragenreeks over de internationale kaders en de praktijk.';

  it('cuts long info at a word, within 128 characters, ending with an ellipsis', () => {
    expect(smallInfoLength).toBe(128);
    expect(long.length).toBeGreaterThan(128);
    const cut = cardInfo(long, 'small');
    expect(cut.length).toBeLessThanOrEqual(128);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).toBe(
      'Wat bedoelen we met seksuele en reproductieve gezondheid en rechten? Tekst, video en een korte vragenreeks over de…',
    );
  });

  it('leaves info of 128 characters or fewer whole, and large cards whole', () => {
    const exact = 'x'.repeat(128);
    expect(cardInfo(exact, 'small')).toBe(exact);
    expect(cardInfo(`${exact}y`, 'small')).toBe(`${'x'.repeat(127)}…`);
    expect(cardInfo(long, 'large')).toBe(long);
  });

  it('truncate folds whitespace and drops trailing punctuation before the ellipsis', () => {
    expect(truncate('  a\n\n b  ', 10)).toBe('a b');
    expect(truncate('Eerste zin, tweede zin die langer is', 13)).toBe('Eerste zin…');
  });
});

describe('Info excerpts read Markdown as plain text', () => {
  it('drops emphasis, code, link, heading, quote and bullet marks and keeps the words', () => {
    expect(plainText('**Belangrijk**: lees _eerst_ de `inleiding` en [de gids](https://x.org).')).toBe(
      'Belangrijk: lees eerst de inleiding en de gids.',
    );
    expect(plainText('# Titel\n\n> citaat\n\n- een\n- twee\n1. drie')).toBe(
      'Titel\n\ncitaat\n\neen\ntwee\ndrie',
    );
    expect(cardInfo('**Vet** en *schuin*', 'large')).toBe('Vet en schuin');
  });

  it('leaves plain text and underscores inside words alone', () => {
    for (const text of ['Gewone tekst, 3 * 4 = 12.', 'bestand_naam_v2.pdf', 'Nguyễn — één'])
      expect(plainText(text)).toBe(text);
    expect(hasMarkdown('Gewone tekst.')).toBe(false);
    expect(hasMarkdown('Een **vette** tekst.')).toBe(true);
  });
});
