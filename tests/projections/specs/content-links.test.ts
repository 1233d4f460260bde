import { describe, it } from 'vitest';
import { contentLinks } from '../../../projections/link/content-links';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';
import { aCourse, aFile, aModule, aSection } from './fixtures';

describe.each(databaseKinds)('content_links on %s', (kind) => {
  const spec = projectionSpec(contentLinks, kind);
  const course = aCourse();
  const first = aModule('first');
  const second = aModule('second');
  const leaflet = aFile();
  const by = (actorId: string, given: ReturnType<typeof course.moduleLinked>) => ({ ...given, actorId });

  it('links go last among their kind, and name who linked them', () =>
    spec
      .given()
      .when(
        by('teacher-1', course.moduleLinked(first)),
        by('teacher-2', course.moduleLinked(second)),
        by('teacher-1', course.fileLinked(leaflet)),
      )
      .thenRows({
        content_links: [
          {
            parent_type: 'course',
            parent_path: course.path,
            item_type: 'module',
            item_path: 'first',
            position: 0,
            linked_by: 'teacher-1',
          },
          { item_type: 'module', item_path: 'second', position: 1, linked_by: 'teacher-2' },
          { item_type: 'file', item_path: 'leaflet', position: 0, linked_by: 'teacher-1' },
        ],
      }));

  it('linking again keeps the place and names the new linker', () =>
    spec
      .given(by('teacher-1', course.moduleLinked(first)), course.moduleLinked(second))
      .when(by('teacher-2', course.moduleLinked(first)))
      .thenRows({
        content_links: [
          { item_path: 'first', position: 0, linked_by: 'teacher-2' },
          { item_path: 'second', position: 1, linked_by: null },
        ],
      }));

  it('ordering sets the places; unlinking removes one link', () =>
    spec
      .given(course.moduleLinked(first), course.moduleLinked(second), course.fileLinked(leaflet))
      .when(course.modulesOrdered(['second', 'first']), course.fileUnlinked(leaflet))
      .thenRows({
        content_links: [
          { item_path: 'second', position: 0 },
          { item_path: 'first', position: 1 },
        ],
      }));

  it('a deleted module or file leaves every list it was in', () => {
    const section = aSection(course);
    return spec
      .given(
        course.moduleLinked(first),
        section.moduleLinked(first),
        section.moduleLinked(second),
        course.fileLinked(leaflet),
      )
      .when(first.deleted(), leaflet.deleted())
      .thenRows({ content_links: [{ parent_type: 'section', item_path: 'second' }] });
  });

  it('a deleted course takes its own list and its sections’ lists, found through section_summaries', () => {
    const section = aSection(course);
    const other = aCourse('other-course');
    const elsewhere = aSection(other, 'elsewhere');
    return spec
      .given(
        section.created(),
        elsewhere.created(),
        course.moduleLinked(first),
        section.moduleLinked(first),
        elsewhere.moduleLinked(first),
        other.moduleLinked(second),
      )
      .when(course.deleted())
      .thenRows({
        content_links: [
          { parent_type: 'section', parent_path: 'elsewhere', item_path: 'first' },
          { parent_type: 'course', parent_path: 'other-course', item_path: 'second' },
        ],
      });
  });

  it('a deleted section takes its list', () => {
    const section = aSection(course);
    return spec
      .given(
        section.created(),
        section.moduleLinked(first),
        section.fileLinked(leaflet),
        course.moduleLinked(first),
      )
      .when(section.deleted())
      .thenRows({ content_links: [{ parent_type: 'course', item_path: 'first' }] });
  });

  it('events about other things leave the links alone', () =>
    spec
      .given(course.moduleLinked(first))
      .when(event('CoursePublished', course.ref))
      .thenRows({ content_links: [{ item_path: 'first' }] }));
});
