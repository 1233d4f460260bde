import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Query keys of the content admin screens (courses, sections, files, links, translations). Every
 * content mutation may change several of these lists at once (a deleted section leaves its
 * course's list, a linked file shows under its parent), so a mutation invalidates them together.
 */
export const contentKinds = ['courses', 'sections', 'files', 'links', 'translations', 'modules'] as const;
export type ContentKind = (typeof contentKinds)[number];

export const contentKey = (kind: ContentKind, ...rest: unknown[]) => ['admin', kind, ...rest] as const;

export function invalidateContent(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      (query.queryKey[0] === 'admin' && contentKinds.includes(query.queryKey[1] as ContentKind)) ||
      // The learner side's course lists and pages read the same content.
      query.queryKey[0] === 'courses',
  });
}

/** A content mutation: afterwards every content list loads again (not awaited, so a delete can leave its page first). */
export function useContentMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void invalidateContent(queryClient);
    },
  });
}
