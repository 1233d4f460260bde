import { useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** The module as this participant meets it: pages in their order, progress, gates and scores. */
export type LearnerModuleResult = RouterOutputs['result']['module'];

export const useLearnerModule = (path: string) =>
  useQuery(
    trpc.result.module.queryOptions(
      { module: path },
      { retry: (count, error) => !isFinal(error) && count < 2 },
    ),
  );
