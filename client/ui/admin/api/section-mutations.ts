import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from './content-mutation';

export const useCreateSection = () => useContentMutation('section', trpc.section.create.mutationOptions());

export const useUpdateSection = () => useContentMutation('section', trpc.section.update.mutationOptions());

export const useSetSectionPublished = () =>
  useContentMutation('section', {
    mutationFn: ({ path, published }: { path: string; published: boolean }) =>
      published ? api.section.publish.mutate({ path }) : api.section.unpublish.mutate({ path }),
  });

export const useDeleteSection = () =>
  useContentMutation('section', { mutationFn: (path: string) => api.section.delete.mutate({ path }) });

/** Saves a course's section order: the full list of section paths (docs/guide/building-a-course.md). */
export const useOrderSections = () => useContentMutation('section', trpc.section.order.mutationOptions());

/** A copy of the section in the same course (create rule). */
export const useDuplicateSection = () =>
  useContentMutation('section', { mutationFn: (path: string) => api.section.duplicate.mutate({ path }) });
