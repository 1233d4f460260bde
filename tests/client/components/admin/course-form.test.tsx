import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NewCourseRoute } from '../../../../client/features/course/admin/course-new';
import nl from '../../../../client/locales/nl.json' with { type: 'json' };
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { admin } from '../support/users';

/**
 * An optional field's name: its label and "(optioneel)". (The DOM library trims the space that
 * stands between them in the markup.)
 */
const optional = (label: string) => new RegExp(`^${label}\\s*\\(optioneel\\)$`);

/** The new-course screen of a Dutch-speaking admin. */
async function showNewCourse() {
  const view = await renderApp(<NewCourseRoute />, {
    language: 'nl',
    path: '/courses/new-course',
    answers: {
      'file.list': [],
      'course.create': ({ course }) => ({ path: course.name.toLowerCase().replaceAll(' ', '-') }),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Nieuwe cursus' });
  return view;
}

describe('the course form', () => {
  beforeEach(async () => {
    await signInAs(admin);
  });

  it('shows at each required field, in Dutch, what it misses, and sends nothing', async () => {
    const { user } = await showNewCourse();

    await user.click(screen.getByRole('button', { name: 'Cursus aanmaken' }));

    const name = screen.getByRole('textbox', { name: 'Naam' });
    await waitFor(() => expect(name).toBeInvalid());
    expect(name).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(screen.getByRole('group', { name: 'Taal' })).toHaveAccessibleDescription('Kies een taal.');
    // Optional fields stay quiet.
    expect(screen.getByRole('textbox', { name: optional('Locatie') })).toBeValid();
    expect(callsTo('course.create')).toEqual([]);
  });

  it('clears a field’s error once it is filled in', async () => {
    const { user } = await showNewCourse();
    await user.click(screen.getByRole('button', { name: 'Cursus aanmaken' }));
    const name = screen.getByRole('textbox', { name: 'Naam' });
    await waitFor(() => expect(name).toBeInvalid());

    await user.type(name, 'Anticonceptie');

    await waitFor(() => expect(name).toBeValid());
    expect(name).not.toHaveAccessibleDescription('Dit veld is verplicht.');
  });

  it('creates the course from what was filled in, then opens it', async () => {
    const { user, location } = await showNewCourse();

    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Seksuele gezondheid');
    await user.click(screen.getByRole('radio', { name: 'Nederlands' }));
    await user.type(screen.getByRole('textbox', { name: optional('Locatie') }), 'Gent');
    await user.click(screen.getByRole('button', { name: 'Cursus aanmaken' }));

    await waitFor(() => expect(callsTo('course.create')).toHaveLength(1));
    expect(callsTo('course.create')[0]).toEqual({
      course: expect.objectContaining({
        name: 'Seksuele gezondheid',
        language: 'nl',
        location: 'Gent',
        info: '',
        startdate: null,
        enddate: null,
        public: true,
        image: null,
      }),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/courses/seksuele-gezondheid'));
  });

  it('refuses an end date before the start date at the end date, and sends nothing', async () => {
    const { user } = await showNewCourse();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Seksuele gezondheid');
    await user.click(screen.getByRole('radio', { name: 'Nederlands' }));
    const start = screen.getByRole('textbox', { name: optional('Startdatum') });
    const end = screen.getByRole('textbox', { name: optional('Einddatum') });
    await user.type(start, '10/05/2026');
    await user.type(end, '01/05/2026');

    await user.click(screen.getByRole('button', { name: 'Cursus aanmaken' }));

    await waitFor(() => expect(end).toBeInvalid());
    expect(end).toHaveAccessibleDescription(nl.course.enddateBeforeStartdate);
    expect(start).toBeValid();
    expect(callsTo('course.create')).toEqual([]);

    await user.clear(end);
    await user.type(end, '11/05/2026');
    await user.click(screen.getByRole('button', { name: 'Cursus aanmaken' }));

    await waitFor(() => expect(callsTo('course.create')).toHaveLength(1));
    expect(callsTo('course.create')[0]).toEqual({
      course: expect.objectContaining({ startdate: '2026-05-10', enddate: '2026-05-11' }),
    });
  });
});
