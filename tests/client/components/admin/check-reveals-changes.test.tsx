import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsChanges } from '../../../../client/ui/admin/settings-changes';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { admin } from '../support/users';

/** A module draft that changes what a check reveals names both choices as the form does. */
describe('the changes of a module draft', () => {
  beforeEach(async () => {
    await signInAs(admin);
  });

  it('reads a changed checkReveals as the form’s choices, not as codes', async () => {
    await renderApp(
      <SettingsChanges
        live={{ name: 'Quiz', checkReveals: 'nothing' }}
        draft={{ name: 'Quiz', checkReveals: 'answer' }}
        fields={['name', 'checkReveals']}
        texts="moduleAdmin"
        wordFields={new Set(['name'])}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('What a check reveals');
    expect(item).toHaveTextContent('Nothing → Right or wrong, feedback and the correct answer');
  });
});
