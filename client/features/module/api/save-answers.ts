import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerValue } from '../../../../events/result/answers';
import { api } from '../../../lib/trpc';
import { learnerModuleQueryKey } from './get-learner-module';
import { learnerPageQueryKey } from './get-learner-page';

export const latestActivityQueryKey = ['result', 'latestActivity'] as const;

export interface AnswersToSave {
  answers: Record<string, AnswerValue>;
  /** Questions with limited attempts whose answer is confirmed ('Check answer'); the rest are drafts. */
  confirm?: string[];
}

/** saveResult: the server keeps drafts, scores answers and answers the page's and the module's new state. */
export function useSaveAnswers(modulePath: string, pagePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answers, confirm = [] }: AnswersToSave) =>
      api.result.save.mutate({ module: modulePath, page: pagePath, result: { answers, confirm } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(learnerPageQueryKey(modulePath, pagePath), saved.page);
      queryClient.setQueryData(learnerModuleQueryKey(modulePath), saved.module);
      void queryClient.invalidateQueries({ queryKey: latestActivityQueryKey });
    },
  });
}
