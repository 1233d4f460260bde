import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SavedState } from './answer-queue';
import { learnerModuleQueryKey } from './get-learner-module';
import { learnerPageQueryKey } from './get-learner-page';

export const latestActivityQueryKey = ['result', 'latestActivity'] as const;

/**
 * saveResult's answer in the caches: the server keeps drafts, scores answers and answers the page's
 * and the module's new state (the saves themselves go through the answer queue). Without a state,
 * after a refusal, both are asked again.
 */
export function useSavedAnswers(modulePath: string, pagePath: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: SavedState | null) => {
      if (saved) {
        queryClient.setQueryData(learnerPageQueryKey(modulePath, pagePath), saved.page);
        queryClient.setQueryData(learnerModuleQueryKey(modulePath), saved.module);
      } else {
        void queryClient.invalidateQueries({ queryKey: learnerPageQueryKey(modulePath, pagePath) });
        void queryClient.invalidateQueries({ queryKey: learnerModuleQueryKey(modulePath) });
      }
      void queryClient.invalidateQueries({ queryKey: latestActivityQueryKey });
    },
    [queryClient, modulePath, pagePath],
  );
}
