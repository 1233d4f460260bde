import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CourseUsersView } from '../../../../client/features/course/admin/course-users';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { admin, learner } from '../support/users';

const person = (id: string, name: string, group?: string) => ({
  ...learner,
  _id: id,
  name,
  email: `${id}@example.org`,
  courses: ['basics'],
  groups: (group ? { basics: group } : {}) as Record<string, string>,
});

beforeEach(async () => {
  await signInAs(admin);
});

describe("a course's participants", () => {
  it('shows each group, filters by it, and sets the group of the selected people', async () => {
    const { user } = await renderApp(<CourseUsersView coursePath="basics" />, {
      answers: {
        'user.list': (input) =>
          input?.group === 'Tuesday'
            ? [person('u1', 'Ana', 'Tuesday')]
            : [person('u1', 'Ana', 'Tuesday'), person('u2', 'Bo')],
        'user.setGroup': { success: true },
      },
    });
    expect(await screen.findByText('Tuesday', { selector: '.badge' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Link existing users' })).toHaveAttribute(
      'href',
      '/users/link-existing?course=basics',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'Tuesday');
    expect(await screen.findByRole('checkbox', { name: /Ana/ })).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group' }), '');
    await user.click(await screen.findByRole('checkbox', { name: /Bo/ }));
    await user.type(screen.getByRole('textbox', { name: /Group/ }), 'Ghent');
    await user.click(screen.getByRole('button', { name: 'Set group' }));
    expect(await screen.findByText(/Group of 1 person/)).toBeVisible();
    expect(callsTo('user.setGroup')).toEqual([{ userIds: ['u2'], coursePath: 'basics', group: 'Ghent' }]);
  });
});
