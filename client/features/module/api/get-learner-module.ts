import { useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** The module as this participant meets it: pages in their order, progress, gates and scores. */
export type LearnerModuleResult = RouterOutputs['result']['module'];

/**
 * `fresh` reads it again on every visit (the overview): pages seen since the last read show as read
 * on return, where the cache would keep them unread for a while.
 */
export const useLearnerModule = (path: string, { fresh = false }: { fresh?: boolean } = {}) =>
  useQuery(
    trpc.result.module.queryOptions(
      { module: path },
      { retry: (count, error) => !isFinal(error) && count < 2, ...(fresh && { refetchOnMount: 'always' }) },
    ),
  );
