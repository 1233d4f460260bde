import { api, type RouterInputs } from '../../../lib/trpc';
import { useContentMutation } from './content-keys';

export const useCreateCourse = () =>
  useContentMutation((input: RouterInputs['course']['create']) => api.course.create.mutate(input));

export const useUpdateCourse = () =>
  useContentMutation((input: RouterInputs['course']['update']) => api.course.update.mutate(input));

/** Publishes or unpublishes a course by path. */
export const useSetCoursePublished = () =>
  useContentMutation(({ path, published }: { path: string; published: boolean }) =>
    published ? api.course.publish.mutate({ path }) : api.course.unpublish.mutate({ path }),
  );

export const useDeleteCourse = () => useContentMutation((path: string) => api.course.delete.mutate({ path }));
