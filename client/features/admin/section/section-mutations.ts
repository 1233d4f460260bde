import { api, type RouterInputs } from '../../../lib/trpc';
import { useContentMutation } from '../shared/content-mutation';

export const useCreateSection = () =>
  useContentMutation('section', (input: RouterInputs['section']['create']) =>
    api.section.create.mutate(input),
  );

export const useUpdateSection = () =>
  useContentMutation('section', (input: RouterInputs['section']['update']) =>
    api.section.update.mutate(input),
  );

export const useSetSectionPublished = () =>
  useContentMutation('section', ({ path, published }: { path: string; published: boolean }) =>
    published ? api.section.publish.mutate({ path }) : api.section.unpublish.mutate({ path }),
  );

export const useDeleteSection = () =>
  useContentMutation('section', (path: string) => api.section.delete.mutate({ path }));

/** Saves a course's section order: the full list of section paths (docs/guide/building-a-course.md). */
export const useOrderSections = () =>
  useContentMutation('section', (input: RouterInputs['section']['order']) => api.section.order.mutate(input));

/** A copy of the section in the same course (create rule). */
export const useDuplicateSection = () =>
  useContentMutation('section', (path: string) => api.section.duplicate.mutate({ path }));
