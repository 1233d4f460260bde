import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../../../lib/trpc-query';
import type { SavedState } from './answer-queue';

/**
 * saveResult's answer in the caches: the server keeps drafts, scores answers and answers the page's
 * and the module's new state (the saves themselves go through the answer queue). Without a state,
 * after a refusal, both are asked again.
 */
export function useSavedAnswers(modulePath: string, pagePath: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: SavedState | null) => {
      const page = trpc.result.page.queryFilter({ module: modulePath, page: pagePath });
      const module = trpc.result.module.queryFilter({ module: modulePath });
      if (saved) {
        queryClient.setQueryData(page.queryKey, saved.page);
        queryClient.setQueryData(module.queryKey, saved.module);
      } else {
        void queryClient.invalidateQueries(page);
        void queryClient.invalidateQueries(module);
      }
      void queryClient.invalidateQueries(trpc.result.latestActivity.pathFilter());
    },
    [queryClient, modulePath, pagePath],
  );
}
