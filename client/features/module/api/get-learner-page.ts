import { useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** One page as this participant meets it, with the state of each of its questions. */
export type LearnerPageState = RouterOutputs['result']['page'];
export type LearnerQuestion = LearnerPageState['questions'][string];

export const useLearnerPage = (modulePath: string, pagePath: string) =>
  useQuery(
    trpc.result.page.queryOptions(
      { module: modulePath, page: pagePath },
      { retry: (count, error) => !isFinal(error) && count < 2 },
    ),
  );
