import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerModuleResult } from '../../../../client/features/module/api/get-learner-module';
import { PageList } from '../../../../client/features/module/components/page-list';
import { renderApp } from '../support/render-app';

type PageProgress = LearnerModuleResult['pages'][number];

const page = (path: string, name: string, more: Partial<PageProgress> = {}): PageProgress => ({
  pageId: `${path}-id`,
  path,
  name,
  type: 'markdown',
  estimatedTime: 60,
  questionCount: 0,
  score: 0,
  maxScore: 0,
  completed: true,
  seen: false,
  gateOpen: true,
  reachable: true,
  stuck: false,
  awaitingScore: 0,
  ...more,
});

const pages = [
  page('intro', 'Intro', { seen: true }),
  page('methods', 'Methods'),
  page('check', 'Check', { type: 'question', questionCount: 1, completed: false, gateOpen: false }),
  page('after', 'After', { reachable: false }),
];

const hrefOf = (path: string) => `/module/planning/page/${path}`;

describe('the module overview page list', () => {
  it('marks a reading page read once seen, not before; a questions page only when answered', async () => {
    await renderApp(<PageList pages={pages} gate={{ gateConfig: [] }} hrefOf={hrefOf} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('✓ Read');
    // Vacuously completed (no questions) but never opened: not read.
    expect(items[1]).not.toHaveTextContent('Read');
    expect(items[2]).not.toHaveTextContent('Completed');
  });

  it('gives a closed page no link and its reason in words, tied to its name', async () => {
    await renderApp(<PageList pages={pages} gate={{ gateConfig: [] }} hrefOf={hrefOf} />);
    const closed = screen.getAllByRole('listitem')[3]!;
    expect(within(closed).queryByRole('link')).toBeNull();
    const name = within(closed).getByText('After');
    expect(name).toHaveAttribute('aria-disabled', 'true');
    expect(name).toHaveAccessibleDescription(
      'This page is not available yet: first answer the questions on the previous pages.',
    );
    expect(screen.getByRole('link', { name: 'Intro' })).toHaveAttribute('href', hrefOf('intro'));
  });

  it('names the all-correct gate, in Dutch too', async () => {
    await renderApp(<PageList pages={pages} gate={{ gateConfig: ['all-correct'] }} hrefOf={hrefOf} />, {
      language: 'nl',
    });
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('✓ Gelezen');
    expect(screen.getByText('After')).toHaveAccessibleDescription(
      'Eerst de vragen hiervoor juist beantwoorden.',
    );
  });
});
