import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CourseForm, courseFormValues } from '../../../../client/features/course/admin/course-form';
import { NewCourseRoute } from '../../../../client/features/course/admin/course-new';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { refusal } from '../support/trpc-answers';
import { admin } from '../support/users';

/** The shared frame of the content forms (client/ui/admin/content-form.tsx), seen through the course form. */
describe('a content form', () => {
  beforeEach(async () => {
    await signInAs(admin);
  });

  it("puts the server's field problems at their fields and its reason in an alert, staying on the form", async () => {
    const { user, location } = await renderApp(<NewCourseRoute />, {
      language: 'nl',
      path: '/courses/new-course',
      answers: {
        'file.list': [],
        'course.create': () => {
          throw refusal('BAD_REQUEST', 'Niet alle velden zijn geldig.', {
            fields: [{ path: 'course.name', key: 'validation.tooLong', message: 'Deze tekst is te lang.' }],
          });
        },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Naam' }), 'Een naam');
    await user.click(screen.getByRole('radio', { name: 'Nederlands' }));

    await user.click(screen.getByRole('button', { name: 'Cursus aanmaken' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Niet alle velden zijn geldig.');
    const name = screen.getByRole('textbox', { name: 'Naam' });
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription('Deze tekst is te lang.');
    expect(location.history).toEqual(['/courses/new-course']);
  });

  it('says when it is saved', async () => {
    const sent: unknown[] = [];
    const { user } = await renderApp(
      <CourseForm
        defaultValues={{ ...courseFormValues(), name: 'Anticonceptie', language: 'nl' }}
        submitLabel="Cursus bewaren"
        savedText="De cursus is bewaard."
        onSubmit={async (course) => {
          sent.push(course);
        }}
      />,
      { language: 'nl', answers: { 'file.list': [] } },
    );

    await user.click(screen.getByRole('button', { name: 'Cursus bewaren' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('De cursus is bewaard.'));
    expect(sent).toEqual([expect.objectContaining({ name: 'Anticonceptie', language: 'nl' })]);
  });
});
