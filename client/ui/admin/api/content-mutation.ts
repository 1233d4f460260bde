import {
  type QueryFilters,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/**
 * What a content change makes stale, by the kind of item changed: its own procedures, and the lists
 * elsewhere that show it (a module's `usedIn`, a course's linked modules and files, translations).
 */
export const contentChanges = {
  course: () => [
    trpc.course.pathFilter(),
    // Deleting, duplicating or translating a course removes or recreates its sections and links.
    trpc.section.listByCourse.pathFilter(),
    trpc.translation.pathFilter(),
    trpc.module.list.pathFilter(),
  ],
  section: () => [trpc.section.pathFilter(), trpc.module.list.pathFilter()],
  link: () => [trpc.link.pathFilter(), trpc.module.list.pathFilter(), trpc.file.list.pathFilter()],
  file: () => [trpc.file.pathFilter()],
  module: () => [
    trpc.module.pathFilter(),
    trpc.link.modulesOf.pathFilter(),
    trpc.page.listByModule.pathFilter(),
    trpc.translation.pathFilter(),
  ],
  // A page's changes show in its module (the page list, the estimated time).
  page: () => [trpc.page.pathFilter(), trpc.module.byPath.pathFilter(), trpc.module.list.pathFilter()],
} satisfies Record<string, () => QueryFilters[]>;

type ContentKind = keyof typeof contentChanges;

/**
 * A content mutation (tRPC's `mutationOptions()`, or a function for the two-procedure toggles):
 * afterwards what it changed loads again (not awaited, so a delete can leave its page first).
 */
export function useContentMutation<Output, Failure, Input>(
  kind: ContentKind,
  options: UseMutationOptions<Output, Failure, Input>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: () => {
      for (const filter of contentChanges[kind]()) void queryClient.invalidateQueries(filter);
    },
  });
}
