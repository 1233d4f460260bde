import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuestionStatsView } from '../../../../client/features/result/admin/question-stats';
import { renderApp } from '../support/render-app';
import { answerAuth, signInAs } from '../support/session';
import type { OutputOf } from '../support/trpc-answers';
import { admin } from '../support/users';

type Stats = OutputOf<'result.questionStats'>;

const stats: Stats = {
  module: { path: 'toets', name: 'Toets', language: 'nl' },
  participants: 3,
  pages: [
    { path: 'vragen', name: 'Vragen', questions: 2, reached: 3, completed: 3, completion: 1 },
    { path: 'slot', name: 'Slot', questions: 1, reached: 1, completed: 1, completion: 1 / 3 },
  ],
  questions: [
    {
      page: 'vragen',
      name: 'methode',
      label: 'Which method is hormonal?',
      questionType: 'single',
      maxScore: 1,
      answered: 3,
      awaitingScore: 0,
      options: [
        { value: 'a', label: 'The pill', count: 2, share: 2 / 3 },
        { value: 'b', label: 'The condom', count: 1, share: 1 / 3 },
      ],
      facility: 0.2,
      discrimination: 0.1,
      meanAttempts: 4 / 3,
      frequent: [],
      parts: [],
      scores: null,
      unit: '',
    },
    {
      page: 'vragen',
      name: 'rechten',
      label: 'Which are rights?',
      questionType: 'multiple',
      maxScore: 2,
      answered: 3,
      awaitingScore: 0,
      options: [{ value: 'x', label: 'Education', count: 0, share: 0 }],
      facility: 0.5,
      discrimination: 0.5,
      meanAttempts: 1,
      frequent: [],
      parts: [],
      scores: null,
      unit: '',
    },
    {
      page: 'slot',
      name: 'waarom',
      label: 'Why?',
      questionType: 'open',
      maxScore: 2,
      answered: 2,
      awaitingScore: 1,
      options: [],
      facility: 0.5,
      discrimination: null,
      meanAttempts: 1,
      frequent: [],
      parts: [],
      scores: null,
      unit: '',
    },
    {
      page: 'slot',
      name: 'share',
      label: 'Which share?',
      questionType: 'numeric',
      maxScore: 2,
      answered: 3,
      awaitingScore: 0,
      options: [],
      facility: 0.6,
      discrimination: 0.3,
      meanAttempts: 1,
      frequent: [
        { value: '25', count: 2, share: 2 / 3, verdict: 'full' },
        { value: '12.5', count: 1, share: 1 / 3, verdict: 'zero' },
      ],
      parts: [],
      scores: null,
      unit: '%',
    },
    {
      page: 'slot',
      name: 'city',
      label: 'Which city?',
      questionType: 'short',
      maxScore: 1,
      answered: 2,
      awaitingScore: 0,
      options: [],
      facility: 0.75,
      discrimination: null,
      meanAttempts: 1,
      frequent: [{ value: 'cairo', count: 2, share: 1, verdict: 'partly' }],
      parts: [],
      scores: null,
      unit: '',
    },
  ],
};

let downloads: { url: string; language: string | undefined }[] = [];

beforeEach(async () => {
  downloads = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('/api/')) return answerAuth(input);
    downloads.push({ url, language: (init?.headers as Record<string, string> | undefined)?.['x-language'] });
    return new Response('\uFEFF"page"\r\n', { headers: { 'content-type': 'text/csv' } });
  });
  URL.createObjectURL = vi.fn(() => 'blob:stats');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await signInAs(admin);
});
afterEach(() => {
  vi.stubGlobal('fetch', answerAuth);
  vi.restoreAllMocks();
});

describe('the question statistics', () => {
  it('shows each option share as text beside its bar, the figures with their hints, and the funnel', async () => {
    await renderApp(<QuestionStatsView module="toets" />, { answers: { 'result.questionStats': stats } });
    expect(
      await screen.findByText('Counts only participants who answered: 3 participants so far.'),
    ).toBeVisible();

    const first = screen.getByRole('article', { name: 'Which method is hormonal?' });
    const options = within(within(first).getByRole('list', { name: 'Options' })).getAllByRole('listitem');
    expect(options.map((option) => option.textContent)).toEqual([
      'The pill: 67 % (2)',
      'The condom: 33 % (1)',
    ]);
    expect(within(first).getByText('20 % of the maximum on average')).toBeVisible();
    expect(within(first).getByText(/^hard:/)).toBeVisible();
    expect(within(first).getByText('does not separate strong from weak participants')).toBeVisible();
    expect(within(first).getByText('1.33')).toBeVisible();

    const second = screen.getByRole('article', { name: 'Which are rights?' });
    expect(within(second).getByText('separates strong from weak participants well')).toBeVisible();
    expect(within(second).getByText('Education: 0 % (0)')).toBeVisible();

    const open = screen.getByRole('article', { name: 'Why?' });
    expect(within(open).queryByRole('list')).toBeNull();
    expect(within(open).getByText('not enough different answers to tell')).toBeVisible();
    // The answer a teacher has not scored yet is left out of the facility, and the card says so.
    expect(within(open).getByText('Answered by 2 · 1 answer not yet scored is left out')).toBeVisible();
    expect(within(open).getByText('neither very hard nor very easy')).toBeVisible();
    expect(within(open).queryByText(/^hard:/)).toBeNull();

    const funnel = screen.getByRole('table', { name: 'Completion per page, in page order' });
    const rows = within(funnel).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Vragen333 of 3 (100 %)', 'Slot111 of 3 (33 %)']);
  });

  it('lists the most frequent typed answers with how they scored, numbers in the reader language with their unit', async () => {
    await renderApp(<QuestionStatsView module="toets" />, { answers: { 'result.questionStats': stats } });
    const numeric = await screen.findByRole('article', { name: 'Which share?' });
    const answers = within(within(numeric).getByRole('list', { name: 'Most frequent answers' })).getAllByRole(
      'listitem',
    );
    expect(answers.map((answer) => answer.textContent)).toEqual([
      '25 %: 67 % (2)full score',
      '12.5 %: 33 % (1)no score',
    ]);
    expect(within(numeric).getByText('60 % of the maximum on average')).toBeVisible();
    const short = screen.getByRole('article', { name: 'Which city?' });
    expect(within(short).getByRole('listitem')).toHaveTextContent('cairo: 100 % (2)partly scored');
  });

  it('gives a matching question its scores and each pair its share right, by their texts', async () => {
    const matching: Stats['questions'][number] = {
      page: 'slot',
      name: 'capitals',
      label: 'Match each city with its country',
      questionType: 'matching',
      maxScore: 2,
      answered: 4,
      awaitingScore: 0,
      options: [],
      facility: 0.625,
      discrimination: 0.5,
      meanAttempts: 1,
      frequent: [],
      parts: [
        { label: 'Paris → France', right: 4, share: 1 },
        { label: 'Rome → Italy', right: 1, share: 0.25 },
      ],
      scores: { full: 1, partly: 3, zero: 0 },
      unit: '',
    };
    await renderApp(<QuestionStatsView module="toets" />, {
      answers: { 'result.questionStats': { ...stats, questions: [matching] } },
    });
    const card = await screen.findByRole('article', { name: 'Match each city with its country' });
    const scores = within(within(card).getByRole('list', { name: 'Scores of the answers' })).getAllByRole(
      'listitem',
    );
    expect(scores.map((item) => item.textContent)).toEqual([
      'full score: 25 % (1)',
      'partly scored: 75 % (3)',
      'no score: 0 % (0)',
    ]);
    const pairs = within(within(card).getByRole('list', { name: 'Pairs matched right' })).getAllByRole(
      'listitem',
    );
    expect(pairs.map((item) => item.textContent)).toEqual([
      'Paris → France: 100 % right (4)',
      'Rome → Italy: 25 % right (1)',
    ]);
    expect(within(card).getByText('63 % of the maximum on average')).toBeVisible();
  });

  it('writes a number with a decimal comma in Dutch', async () => {
    await renderApp(<QuestionStatsView module="toets" />, {
      language: 'nl',
      answers: { 'result.questionStats': stats },
    });
    const numeric = await screen.findByRole('article', { name: 'Which share?' });
    expect(within(numeric).getByText('12,5 %: 33 % (1)', { exact: false })).toBeVisible();
    expect(within(numeric).getByText('geen score')).toBeVisible();
  });

  it('downloads the CSV and its spreadsheet variant from the keyboard', async () => {
    const { user } = await renderApp(<QuestionStatsView module="toets" />, {
      language: 'fr',
      answers: { 'result.questionStats': stats },
    });
    const plain = await screen.findByRole('button', { name: 'Télécharger les statistiques (CSV)' });
    plain.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(downloads).toEqual([{ url: '/api/question-stats/toets.csv', language: 'fr' }]),
    );
    await waitFor(() => expect(plain).toBeEnabled());
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(downloads.at(-1)).toEqual({
        url: '/api/question-stats/toets.csv?for=spreadsheet',
        language: 'fr',
      }),
    );
  });

  it('says so when nobody answered yet, without download buttons', async () => {
    await renderApp(<QuestionStatsView module="toets" />, {
      language: 'nl',
      answers: {
        'result.questionStats': {
          ...stats,
          participants: 0,
          pages: stats.pages.map((page) => ({ ...page, reached: 0, completed: 0, completion: null })),
          questions: stats.questions.map((q) => ({
            ...q,
            answered: 0,
            awaitingScore: 0,
            facility: null,
            discrimination: null,
          })),
        },
      },
    });
    expect(
      await screen.findByText(
        'Nog niemand beantwoordde een vraag van deze module, dus er zijn nog geen statistieken.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows that it loads while the statistics are on their way', async () => {
    await renderApp(<QuestionStatsView module="toets" />, {
      answers: { 'result.questionStats': () => new Promise<Stats>(() => {}) },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('heading', { name: 'Question statistics' })).toBeVisible();
  });
});
