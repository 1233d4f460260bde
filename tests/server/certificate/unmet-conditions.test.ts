import { describe, expect, it } from 'vitest';
import { certificateConfigSchema } from '../../../events/certificate/config';
import { unmetConditions } from '../../../server/certificate/queries';

/** What a certificate that needs every answer right waits for (docs/adr/0018-unscored-answers.md). */
describe('the conditions of a certificate that needs every answer right', () => {
  const config = certificateConfigSchema.parse({ auto: true, complete: true, correct: true });
  const result = (open: { score: number; waiting: boolean }) => ({
    completed: true,
    answers: { p: { choice: 'yes', why: 'Because.' } },
    scoring: {
      p: {
        __score: 1 + open.score,
        __maxScore: 6,
        choice: { __score: 1, __maxScore: 1, questionType: 'single' as const },
        why: { __score: open.score, __maxScore: 5, questionType: 'open' as const },
      },
    },
    awaitingOn: Object.fromEntries(open.waiting ? [['p', ['why']]] : []) as Record<string, string[]>,
  });

  it('waits for the teacher while an open answer is not yet scored, never fails it', () =>
    expect(unmetConditions(config, result({ score: 0, waiting: true }), null)).toEqual(['awaitingScore']));
  it('is met once the teacher gives the full score', () =>
    expect(unmetConditions(config, result({ score: 5, waiting: false }), null)).toEqual([]));
  it('is not met by a scored answer below the maximum', () =>
    expect(unmetConditions(config, result({ score: 3, waiting: false }), null)).toEqual(['notCorrect']));
  it('says notCorrect when a choice is wrong, even with an answer waiting', () => {
    const wrong = result({ score: 0, waiting: true });
    wrong.scoring.p.choice.__score = 0;
    expect(unmetConditions(config, wrong, null)).toEqual(['notCorrect']);
  });
});
