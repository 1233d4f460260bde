import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  OverallPagesDone,
  PagesDoneBar,
} from '../../../../client/features/module/components/module-progress';
import { renderApp } from '../support/render-app';

describe('pages done on the course page', () => {
  it('names a module bar and says its count in words', async () => {
    await renderApp(<PagesDoneBar progress={{ done: 3, total: 5 }} label="Progress in Planning" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress in Planning' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '5');
    expect(screen.getByText('3 of 5 pages done')).toBeVisible();
  });

  it('adds every module up, in Dutch too, and shows nothing without any', async () => {
    const progress = new Map([
      ['planning', { done: 3, total: 5 }],
      ['budget', { done: 1, total: 2 }],
    ]);
    await renderApp(<OverallPagesDone progress={progress} />, { language: 'nl' });
    const bar = screen.getByRole('progressbar', { name: 'Je voortgang' });
    expect(bar).toHaveAttribute('value', '4');
    expect(bar).toHaveAttribute('max', '7');
    expect(screen.getByText("4 van 7 pagina's klaar")).toBeVisible();
  });

  it('shows no overall bar when no module could be read', async () => {
    await renderApp(<OverallPagesDone progress={new Map()} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
