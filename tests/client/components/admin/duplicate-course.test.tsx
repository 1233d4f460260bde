import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { carriedModulesTexts } from '../../../../client/features/course/admin/carried-modules';
import { DuplicateCourseDialog } from '../../../../client/features/course/admin/duplicate-course-dialog';
import { renderApp } from '../support/render-app';

beforeEach(() => {
  // jsdom has <dialog> without its modal methods: open and close it as the browser would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('duplicating a course', () => {
  it('asks what to do with the modules: copies by default, sharing with its warning, from the keyboard', async () => {
    const onConfirm = vi.fn();
    const { user } = await renderApp(
      <DuplicateCourseDialog
        open
        name="Vorming 2026"
        busy={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Duplicate “Vorming 2026”' })).toBeVisible();
    const copy = screen.getByRole('radio', { name: 'Copy the modules (recommended)' });
    const share = screen.getByRole('radio', { name: 'Share the same modules' });
    expect(copy).toBeChecked();
    expect(copy).toHaveAccessibleDescription(/Changing the copy leaves this course as it is/);
    expect(share).toHaveAccessibleDescription(
      /also changes this course, for the participants following it now/,
    );

    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(onConfirm).toHaveBeenLastCalledWith('copy');

    copy.focus();
    await user.keyboard('{ArrowDown}');
    expect(share).toBeChecked();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Duplicate' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenLastCalledWith('share');
  });

  it('says in Dutch what became of the modules, naming those left out and why', async () => {
    await renderApp(<p>nl</p>, { language: 'nl' });
    const t = i18next.getFixedT('nl');
    expect(
      carriedModulesTexts(
        t,
        { made: ['methodes-fr'], linked: ['secret'], leftOut: [{ path: 'geheim', reason: 'notOpened' }] },
        'translation',
      ),
    ).toEqual([
      '1 vertaling van een module gemaakt, niet gepubliceerd: methodes-fr. De teksten staan nog in de oorspronkelijke taal: vertaal ze en publiceer dan.',
      'Bestaande vertalingen gekoppeld: secret.',
      'Niet meegenomen, omdat je ze niet mag openen: geheim. Vraag het aan hun eigenaar of een beheerder.',
    ]);
    expect(carriedModulesTexts(t, { made: [], linked: ['a', 'b'], leftOut: [] }, 'copy')).toEqual([
      'Gedeeld met de oorspronkelijke cursus: a, b. Een wijziging eraan zie je in beide cursussen.',
    ]);
  });
});
