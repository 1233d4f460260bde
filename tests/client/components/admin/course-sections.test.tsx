import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CourseSectionsView } from '../../../../client/features/course/admin/course-sections';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import type { OutputOf } from '../support/trpc-answers';
import { admin } from '../support/users';

type Section = OutputOf<'section.listByCourse'>[number];

const section = (path: string, position: number, startdate: string | null): Section => ({
  sectionId: `id-${path}`,
  path,
  parentType: 'course',
  parentPath: 'family-planning',
  position,
  published: true,
  name: path,
  language: 'en',
  info: '',
  originId: null,
  date: null,
  location: '',
  teacher: '',
  public: false,
  image: null,
  classroom:
    startdate === null
      ? null
      : {
          name: `Live ${path}`,
          type: 'jitsi',
          startdate,
          enddate: null,
          meetingId: '',
          pwd: '',
          extraInfo: '',
          recordings: [],
          breakoutrooms: [],
          breakoutroomCountdown: 0,
          breakoutroomCountdownStarted: null,
          breakoutroomInfo: '',
        },
});

const rights = { create: true, edit: true, delete: true, addChildren: true };

/** The names in a list, top to bottom. */
const namesIn = (list: HTMLElement) =>
  [...list.querySelectorAll('.content-row__name')].map((link) => link.textContent);

describe("the course's section list", () => {
  beforeEach(async () => {
    await signInAs(admin);
  });

  it('shows the order learners see: sections with a live session by its start, and says so; only the others move', async () => {
    // The editors' order: week-1, reading, week-2 (dated before week-1), notes.
    await renderApp(<CourseSectionsView coursePath="family-planning" rights={rights} />, {
      answers: {
        'section.listByCourse': [
          section('week-1', 0, '2027-03-10T09:00:00.000Z'),
          section('reading', 1, null),
          section('week-2', 2, '2027-03-03'),
          section('notes', 3, null),
        ],
      },
    });

    const dated = await screen.findByRole('list', { name: 'Sections placed by their live session' });
    expect(namesIn(dated)).toEqual(['week-2', 'week-1']);
    expect(within(dated).getByText('Live session 03/03/2027')).toBeVisible();
    expect(within(dated).getByText('Live session 10/03/2027 10:00')).toBeVisible();
    expect(within(dated).queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.getByText(/Learners see the sections with a live session first/)).toBeVisible();

    const movable = screen.getByRole('list', {
      name: 'Sections without a live session, in the order you set',
    });
    expect(namesIn(movable)).toEqual(['reading', 'notes']);
    expect(within(movable).getByRole('button', { name: 'Move reading' })).toBeEnabled();
  });

  it('with live sessions only, says the order is theirs and offers nothing to drag', async () => {
    await renderApp(<CourseSectionsView coursePath="family-planning" rights={rights} />, {
      answers: {
        'section.listByCourse': [section('late', 0, '2027-05-01'), section('early', 1, '2027-04-01')],
      },
    });

    const dated = await screen.findByRole('list', { name: 'Sections placed by their live session' });
    expect(namesIn(dated)).toEqual(['early', 'late']);
    expect(
      screen.getByText("Learners see these sections in the order of their live sessions' start."),
    ).toBeVisible();
    expect(screen.queryAllByRole('list')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('without live sessions, is the one list in the editors’ order, as before', async () => {
    await renderApp(<CourseSectionsView coursePath="family-planning" rights={rights} />, {
      answers: { 'section.listByCourse': [section('b', 0, null), section('a', 1, null)] },
    });

    const list = await screen.findByRole('list', { name: 'Sections in order' });
    expect(namesIn(list)).toEqual(['b', 'a']);
    expect(screen.queryByText(/Learners see the sections with a live session first/)).toBeNull();
  });
});
