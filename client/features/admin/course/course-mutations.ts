import { api, type RouterInputs } from '../../../lib/trpc';
import { useContentMutation } from '../shared/content-mutation';

export const useCreateCourse = () =>
  useContentMutation('course', (input: RouterInputs['course']['create']) => api.course.create.mutate(input));

export const useUpdateCourse = () =>
  useContentMutation('course', (input: RouterInputs['course']['update']) => api.course.update.mutate(input));

/** Publishes or unpublishes a course by path. */
export const useSetCoursePublished = () =>
  useContentMutation('course', ({ path, published }: { path: string; published: boolean }) =>
    published ? api.course.publish.mutate({ path }) : api.course.unpublish.mutate({ path }),
  );

export const useDeleteCourse = () =>
  useContentMutation('course', (path: string) => api.course.delete.mutate({ path }));

/** A copy of the course ('… (copy)') with copies of its sections and the same links (create rule). */
export const useDuplicateCourse = () =>
  useContentMutation('course', (path: string) => api.course.duplicate.mutate({ path }));

/** A translation of the course in the original's group; its sections are recreated. */
export const useTranslateCourse = () =>
  useContentMutation('course', (input: RouterInputs['course']['translate']) =>
    api.course.translate.mutate(input),
  );

export const useAddCourseOwner = () =>
  useContentMutation('course', (input: RouterInputs['course']['addOwner']) =>
    api.course.addOwner.mutate(input),
  );

export const useRemoveCourseOwner = () =>
  useContentMutation('course', (input: RouterInputs['course']['removeOwner']) =>
    api.course.removeOwner.mutate(input),
  );
