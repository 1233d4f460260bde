import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsersRoute } from '../../../../client/features/user/admin/users';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { admin } from '../support/users';

const person = (id: string, name: string) => ({
  _id: id,
  name,
  email: `${id}@example.org`,
  phone: null,
  profession: null,
  riziv: null,
  description: null,
  image: null,
  language: 'en' as const,
  fullPrivacy: false,
  roles: [],
  verified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  courses: [],
  modules: [],
  groups: {},
});

beforeEach(async () => {
  await signInAs(admin);
  // jsdom has <dialog> without its modal methods: open and close it as the browser would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('linking people in bulk from the users list', () => {
  it('links the selected people, asks before unlinking and offers undo', async () => {
    const { user } = await renderApp(<UsersRoute />, {
      answers: {
        'user.list': [person('u1', 'Ana'), person('u2', 'Bo'), person('u3', 'Cy')],
        'course.list': [{ path: 'basics', name: 'Basics' }] as never,
        'module.list': [{ path: 'consent', name: 'Consent' }] as never,
        'user.linkMany': { success: true },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ana' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy' }));
    expect(screen.getByText('2 people selected')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course or module' }), 'course:basics');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('2 people linked to “Basics”.')).toBeVisible();
    expect(callsTo('user.linkMany')).toEqual([
      { userIds: ['u1', 'u3'], itemType: 'course', itemPath: 'basics', linked: true },
    ]);

    // Everyone shown, from the keyboard, then unlink from the module: asked first, then undone.
    const all = screen.getByRole('checkbox', { name: 'Select everyone shown' });
    all.focus();
    await user.keyboard(' ');
    expect(screen.getByText('3 people selected')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course or module' }), 'module:consent');
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink the selected people?' });
    expect(callsTo('user.linkMany')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(/3 people unlinked from “Consent”/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('3 people linked to “Consent” again.')).toBeVisible();
    expect(callsTo('user.linkMany').slice(1)).toEqual([
      { userIds: ['u1', 'u3', 'u2'], itemType: 'module', itemPath: 'consent', linked: false },
      { userIds: ['u1', 'u3', 'u2'], itemType: 'module', itemPath: 'consent', linked: true },
    ]);
  });
});
