import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from '../../../ui/admin/api/content-mutation';

export const useCreateCourse = () => useContentMutation('course', trpc.course.create.mutationOptions());

export const useUpdateCourse = () => useContentMutation('course', trpc.course.update.mutationOptions());

/** Publishes or unpublishes a course by path. */
export const useSetCoursePublished = () =>
  useContentMutation('course', {
    mutationFn: ({ path, published }: { path: string; published: boolean }) =>
      published ? api.course.publish.mutate({ path }) : api.course.unpublish.mutate({ path }),
  });

export const useDeleteCourse = () =>
  useContentMutation('course', { mutationFn: (path: string) => api.course.delete.mutate({ path }) });

/** A copy of the course: its modules copied (the default) or shared, as the duplicate dialog asks. */
export const useDuplicateCourse = () =>
  useContentMutation('course', {
    mutationFn: (input: { path: string; modules: 'copy' | 'share' }) => api.course.duplicate.mutate(input),
  });

/** A translation of the course in the original's group; its sections are recreated. */
export const useTranslateCourse = () => useContentMutation('course', trpc.course.translate.mutationOptions());

export const useAddCourseOwner = () => useContentMutation('course', trpc.course.addOwner.mutationOptions());

export const useRemoveCourseOwner = () =>
  useContentMutation('course', trpc.course.removeOwner.mutationOptions());
