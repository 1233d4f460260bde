import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NewModuleRoute } from '../../../../client/features/module/admin/module-new';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { admin } from '../support/users';

/** The new-module screen (English interface), `search` naming where the module goes. */
async function showNewModule(search = '') {
  const view = await renderApp(<NewModuleRoute />, {
    path: `/modules/new${search}`,
    answers: {
      'file.list': [],
      'module.create': ({ module }) => ({ path: module.name.toLowerCase().replaceAll(' ', '-') }),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'New module' });
  return view;
}

describe('the module form', () => {
  beforeEach(async () => {
    await signInAs(admin);
  });

  it('asks for the name at its field, and sends nothing without it', async () => {
    const { user } = await showNewModule();

    await user.click(screen.getByRole('button', { name: 'Create module' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toBeInvalid());
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(callsTo('module.create')).toEqual([]);
  });

  it('starts in the interface language and creates the module from the form, then opens it', async () => {
    const { user, location } = await showNewModule();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Consent basics');
    await user.click(screen.getByRole('radio', { name: 'Test' }));
    await user.click(screen.getByRole('button', { name: 'Create module' }));

    await waitFor(() => expect(callsTo('module.create')).toHaveLength(1));
    expect(callsTo('module.create')[0]).toEqual({
      module: expect.objectContaining({
        name: 'Consent basics',
        language: 'en',
        info: '',
        test: true,
        gateProgress: false,
        public: true,
      }),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/modules/consent-basics'));
  });

  it('does not let a test block progress, and says why', async () => {
    const { user } = await showNewModule();

    await user.click(screen.getByRole('radio', { name: 'Test' }));

    const gate = screen.getByRole('checkbox', { name: 'Block progress' });
    expect(gate).toBeDisabled();
    expect(gate).toHaveAccessibleDescription('Blocking progress cannot be combined with a test.');
  });

  it('offers what a check reveals as a group of four choices, starting at feedback for a new module', async () => {
    const { user } = await showNewModule();
    const group = screen.getByRole('group', { name: 'What a check reveals' });
    const feedback = screen.getByRole('radio', { name: 'Right or wrong, with feedback' });
    expect(group).toContainElement(feedback);
    expect(group).toHaveAccessibleDescription(
      'What participants see when they check an answer and have attempts left.',
    );
    expect(feedback).toBeChecked();
    expect(feedback).toHaveAccessibleDescription(
      'Right or wrong, with the feedback the author wrote for the chosen answer.',
    );
    expect(screen.getByRole('radio', { name: 'Nothing' })).toHaveAccessibleDescription(
      'An exam: a check reveals nothing until the end.',
    );

    // Untouched, a test reveals nothing and a normal module goes back to feedback.
    await user.click(screen.getByRole('radio', { name: 'Test' }));
    expect(screen.getByRole('radio', { name: 'Nothing' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Normal' }));
    expect(feedback).toBeChecked();
  });

  it('keeps the author’s choice when the kind changes, and sends it', async () => {
    const { user } = await showNewModule();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Practice exam');
    await user.click(screen.getByRole('radio', { name: 'Right or wrong' }));
    await user.click(screen.getByRole('radio', { name: 'Test' }));
    expect(screen.getByRole('radio', { name: 'Right or wrong' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Create module' }));
    await waitFor(() => expect(callsTo('module.create')).toHaveLength(1));
    expect(callsTo('module.create')[0]).toEqual({
      module: expect.objectContaining({ test: true, checkReveals: 'verdict' }),
    });
  });
});
