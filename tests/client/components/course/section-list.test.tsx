import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { SectionList } from '../../../../client/features/course/components/section-list';
import type { CourseSection } from '../../../../client/lib/course-sections';

const section = (name: string, published: boolean): CourseSection => ({
  sectionId: crypto.randomUUID(),
  path: name.toLowerCase().replace(/\s/g, '-'),
  parentType: 'course',
  parentPath: 'course',
  position: 0,
  published,
  name,
  language: 'nl',
  info: '',
  originId: null,
  date: null,
  location: '',
  teacher: '',
  public: true,
  image: null,
  classroom: null,
});

describe("a course's section list as its editor sees it", () => {
  beforeEach(async () => {
    await i18next.changeLanguage('nl');
  });

  it('marks the sections learners do not see, and only those', () => {
    render(
      <SectionList
        coursePath="course"
        sections={[
          { section: section('Week 1', true), timing: 'future' },
          { section: section('Week 2', false), timing: 'future' },
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).queryByText('Niet gepubliceerd')).toBeNull();
    expect(within(second!).getByText('Niet gepubliceerd')).toBeVisible();
  });
});
