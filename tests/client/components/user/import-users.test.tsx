import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ImportUsersRoute } from '../../../../client/features/user/admin/import-users';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { admin } from '../support/users';

const text = 'naam;e-mail;taal;cursussen\nAmina;amina@example.org;fr;basis\nBo;no-address;nl;\n';
const plan = () => ({
  rows: [
    {
      line: 2,
      name: 'Amina',
      email: 'amina@example.org',
      action: 'create',
      problems: [],
      roles: [],
      courses: ['basis'],
    },
    {
      line: 3,
      name: 'Bo',
      email: 'no-address',
      action: 'refused',
      problems: [{ reason: 'invalidEmail', value: 'no-address' }],
      roles: [],
      courses: [],
    },
  ],
  counts: { create: 1, link: 0, unchanged: 0, refused: 1 },
});

beforeEach(async () => {
  await signInAs(admin);
});

describe('importing users', () => {
  it('previews the pasted rows with the reason of a refusal, then imports on confirmation', async () => {
    const { user } = await renderApp(<ImportUsersRoute />, {
      language: 'nl',
      answers: { 'user.previewImport': plan() as never, 'user.import': plan() as never },
    });
    await user.click(screen.getByRole('textbox', { name: 'Of plak de rijen hier' }));
    await user.paste(text);
    await user.click(screen.getByRole('button', { name: 'Voorbeeld' }));
    expect(
      await screen.findByRole('heading', { name: 'Voorbeeld: er is nog niets opgeslagen' }),
    ).toBeVisible();
    const refused = screen.getByRole('row', { name: /no-address/ });
    expect(within(refused).getByText('Het e-mailadres is ongeldig.')).toBeVisible();
    expect(within(refused).getByText('Geweigerd')).toBeVisible();
    expect(callsTo('user.import')).toEqual([]);

    await user.click(screen.getByRole('button', { name: '1 rij importeren' }));
    expect(await screen.findByRole('heading', { name: 'Resultaat van de import' })).toBeVisible();
    expect(callsTo('user.import')).toEqual([{ text }]);
    expect(callsTo('user.previewImport')).toEqual([{ text }]);
  });
});
