import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResultRoute } from '../../../../client/features/module/routes/result';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import type { OutputOf } from '../support/trpc-answers';
import { learner } from '../support/users';

type LearnerModule = OutputOf<'result.module'>;

const result: LearnerModule = {
  module: {
    moduleId: 'module-id-1',
    path: 'quiz',
    name: 'Quiz',
    language: 'nl',
    info: '',
    originId: null,
    public: true,
    onHome: false,
    showCorrect: false,
    checkReveals: 'nothing',
    test: false,
    anonymousPages: false,
    randomized: [],
    gateProgress: false,
    gateConfig: [],
    image: null,
    published: true,
    estimatedTime: 0,
    pageCount: 1,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    owners: [],
  },
  pages: [
    {
      pageId: 'page-id-1',
      path: 'vragen',
      name: 'Vragen',
      type: 'question',
      estimatedTime: 0,
      questionCount: 2,
      score: 2,
      maxScore: 3,
      completed: true,
      seen: true,
      gateOpen: true,
      reachable: true,
      stuck: false,
      awaitingScore: 0,
    },
  ],
  score: 2,
  maxScore: 3,
  updatedAt: '2027-01-02T00:00:00.000Z',
  completed: true,
  needsAttempt: false,
  answers: { vragen: { aandeel: '25,5', stad: 'cairo' } },
  feedback: {},
  feedbackLabels: {},
  typedAnswers: {
    vragen: {
      aandeel: { label: 'Welk aandeel?', text: '25,5 %' },
      stad: { label: 'Welke stad?', text: 'cairo' },
    },
  },
  scoring: {
    vragen: {
      __score: 2,
      __maxScore: 3,
      aandeel: { __score: 1, __maxScore: 2, questionType: 'numeric' },
      stad: { __score: 1, __maxScore: 1, questionType: 'short' },
    },
  },
  helpers: [],
  awaitingScore: 0,
};

beforeEach(async () => {
  await signInAs(learner);
});

describe("the learner's result", () => {
  it('lists typed answers as typed, a number with its unit, each with its score', async () => {
    await renderApp(<ResultRoute modulePath="quiz" Certificate={() => null} />, {
      answers: { 'result.module': result },
    });
    const section = await screen.findByRole('region', { name: 'Your typed answers' });
    const terms = within(section)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Vragen · Welk aandeel?', 'Vragen · Welke stad?']);
    const values = within(section)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(['25,5 % · 1 of 2 points', 'cairo · 1 of 1 point']);
  });

  it('has no such list without typed answers', async () => {
    await renderApp(<ResultRoute modulePath="quiz" Certificate={() => null} />, {
      language: 'fr',
      answers: { 'result.module': { ...result, typedAnswers: {} } },
    });
    expect(await screen.findByText('Résultat', { exact: false })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Vos réponses saisies' })).toBeNull();
  });
});
