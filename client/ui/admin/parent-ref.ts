/** A course or section that files and modules are linked to, read from ?course= or ?section=. */
export interface ParentRef {
  parentType: 'course' | 'section';
  parentPath: string;
}

export function parentFromSearch(search: string): ParentRef | null {
  const params = new URLSearchParams(search);
  const course = params.get('course');
  if (course) return { parentType: 'course', parentPath: course };
  const section = params.get('section');
  if (section) return { parentType: 'section', parentPath: section };
  return null;
}

/** The query string naming a parent (`course=…` or `section=…`). */
export const parentQuery = (parent: ParentRef) =>
  `${parent.parentType}=${encodeURIComponent(parent.parentPath)}`;

/** Where a parent's view of `view` lives in the admin area. */
export const parentViewHref = (parent: ParentRef, view: 'files' | 'modules') =>
  `/${parent.parentType === 'course' ? 'courses' : 'sections'}/${parent.parentPath}/${view}`;
