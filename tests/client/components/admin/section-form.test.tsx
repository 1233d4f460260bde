import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SectionForm, sectionFormValues } from '../../../../client/features/section/admin/section-form';
import nl from '../../../../client/locales/nl.json' with { type: 'json' };
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { admin } from '../support/users';

/** A stored section with its classroom, as the edit screen gives it to the form. */
const stored = {
  name: 'Week 1',
  language: 'nl' as const,
  info: '',
  date: '2026-05-10',
  location: 'Gent',
  teacher: 'An',
  public: true,
  image: null,
  classroom: {
    name: 'Live',
    type: 'jitsi' as const,
    startdate: '2026-05-10T09:00:00+01:00',
    enddate: '2026-05-10T11:00:00+01:00',
    meetingId: '',
    pwd: '',
    extraInfo: '',
    recordings: [],
    breakoutrooms: [],
    breakoutroomCountdown: 5,
    breakoutroomCountdownStarted: '2026-05-10T09:30:00.000Z',
    breakoutroomInfo: '',
  },
};

async function showSectionForm(defaultValues = sectionFormValues(stored)) {
  const sent: unknown[] = [];
  const view = await renderApp(
    <SectionForm
      defaultValues={defaultValues}
      submitLabel="Sectie bewaren"
      onSubmit={async (section) => {
        sent.push(section);
      }}
    />,
    { language: 'nl', answers: { 'file.list': [] } },
  );
  return { ...view, sent };
}

describe('the section form', () => {
  beforeEach(async () => {
    await signInAs(admin);
  });

  it('sends a stored section back as it was: its date, its classroom and a running countdown', async () => {
    const { user, sent } = await showSectionForm();

    await user.click(screen.getByRole('button', { name: 'Sectie bewaren' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Week 1',
      language: 'nl',
      info: '',
      originId: null,
      date: '2026-05-10',
      location: 'Gent',
      teacher: 'An',
      public: true,
      image: null,
      classroom: {
        ...stored.classroom,
        startdate: '2026-05-10T09:00:00+01:00',
        enddate: '2026-05-10T11:00:00+01:00',
      },
    });
  });

  it('refuses a classroom that ends before it starts, at its end, and sends nothing', async () => {
    const { user, sent } = await showSectionForm();
    const end = screen.getByRole('textbox', { name: /^Einde/ });
    await user.clear(end);
    await user.type(end, '10/05/2026 08:00');

    await user.click(screen.getByRole('button', { name: 'Sectie bewaren' }));

    await waitFor(() => expect(end).toBeInvalid());
    expect(end).toHaveAccessibleDescription(nl.course.enddateBeforeStartdate);
    expect(sent).toEqual([]);
  });

  it('sends no classroom once it is switched off', async () => {
    const { user, sent } = await showSectionForm();

    await user.click(screen.getByRole('checkbox', { name: 'Deze sectie heeft een live klas' }));
    await user.click(screen.getByRole('button', { name: 'Sectie bewaren' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual(expect.objectContaining({ classroom: null }));
    expect(screen.queryByRole('group', { name: 'Live klas' })).toBeNull();
  });

  it('starts empty, the language not yet picked', async () => {
    const { user, sent } = await showSectionForm(sectionFormValues());

    await user.click(screen.getByRole('button', { name: 'Sectie bewaren' }));

    expect(await screen.findByRole('group', { name: 'Taal' })).toHaveAccessibleDescription('Kies een taal.');
    expect(screen.queryByRole('group', { name: 'Live klas' })).toBeNull();
    expect(sent).toEqual([]);
  });
});
