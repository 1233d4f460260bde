import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';

/** One page as this participant meets it, with the state of each of its questions. */
export type LearnerPageState = RouterOutputs['result']['page'];
export type LearnerQuestion = LearnerPageState['questions'][string];

export const learnerPageQueryKey = (modulePath: string, pagePath: string) =>
  ['result', 'page', modulePath, pagePath] as const;

export const getLearnerPageQueryOptions = (modulePath: string, pagePath: string) =>
  queryOptions({
    queryKey: learnerPageQueryKey(modulePath, pagePath),
    queryFn: () => api.result.page.query({ module: modulePath, page: pagePath }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useLearnerPage = (modulePath: string, pagePath: string) =>
  useQuery(getLearnerPageQueryOptions(modulePath, pagePath));
