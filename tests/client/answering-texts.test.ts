import { describe, expect, it } from 'vitest';
import en from '../../client/locales/en.json' with { type: 'json' };
import fr from '../../client/locales/fr.json' with { type: 'json' };
import nl from '../../client/locales/nl.json' with { type: 'json' };

/** Words that read the same in English and in the other language. */
const sameInBoth: Record<'nl' | 'fr', string[]> = {
  nl: ['feedbackScore', 'feedbackTitle', 'score'],
  fr: ['feedbackScore', 'anonymousPage', 'page', 'score'],
};

describe("the learner's answering texts", () => {
  it('label the progress gate in each language (the English one is a contract text, verbatim)', () => {
    expect(en.answering.waiting).toBe('Waiting for answers...');
    expect(nl.answering.waiting).toBe('Wachten op antwoorden...');
    expect(fr.answering.waiting).toBe('En attente des réponses...');
  });

  it('exist in nl and fr for every English key, and none is left in English', () => {
    for (const [language, catalogue] of [
      ['nl', nl],
      ['fr', fr],
    ] as const) {
      const texts: Record<string, string> = catalogue.answering;
      for (const [key, english] of Object.entries(en.answering)) {
        expect(texts[key], `${language}: answering.${key}`).toBeTypeOf('string');
        if (!sameInBoth[language].includes(key)) {
          expect(texts[key], `${language}: answering.${key} is still English`).not.toBe(english);
        }
      }
    }
  });
});
