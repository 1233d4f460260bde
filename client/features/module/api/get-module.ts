import { useQuery } from '@tanstack/react-query';
import { isFinal } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** One module with its pages in order; NOT_FOUND when absent or not visible to this user. */
export const useModule = (path: string) =>
  useQuery(
    trpc.module.byPath.queryOptions({ path }, { retry: (count, error) => !isFinal(error) && count < 2 }),
  );
