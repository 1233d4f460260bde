import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';

export type ParticipantSearch = RouterInputs['result']['participants'];
export type ModuleParticipants = RouterOutputs['result']['participants'];
export type ParticipantResult = RouterOutputs['result']['participant'];
export type ResultHistoryEntry = RouterOutputs['result']['history'][number];

/** Teachers' results: invalidated together after a score changes. */
export const teacherResultsQueryKey = ['admin', 'results'] as const;

export const useModuleParticipants = (search: ParticipantSearch) =>
  useQuery({
    queryKey: [...teacherResultsQueryKey, 'participants', search],
    queryFn: () => api.result.participants.query(search),
    placeholderData: keepPreviousData,
  });

export const useParticipantResult = (module: string, user: string) =>
  useQuery({
    queryKey: [...teacherResultsQueryKey, 'participant', module, user],
    queryFn: () => api.result.participant.query({ module, user }),
  });

export const useResultHistory = (module: string, user: string) =>
  useQuery({
    queryKey: [...teacherResultsQueryKey, 'history', module, user],
    queryFn: () => api.result.history.query({ module, user }),
  });

/** updateResult: scores and feedback on one page of a participant's result. */
export function useScoreResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouterInputs['result']['score']) => api.result.score.mutate(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teacherResultsQueryKey }),
  });
}

/** Another attempt at a question whose attempts a participant used up. */
export function useGrantAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouterInputs['result']['grantAttempt']) => api.result.grantAttempt.mutate(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teacherResultsQueryKey }),
  });
}

/** The results CSV URL: GET /api/results/<module>.csv with the range, when one is set. */
export function resultsCsvUrl(module: string, range: { from?: string | null; until?: string | null }) {
  const query = new URLSearchParams();
  if (range.from) query.set('after', range.from);
  if (range.until) query.set('before', range.until);
  const search = query.toString();
  return `/api/results/${encodeURIComponent(module)}.csv${search ? `?${search}` : ''}`;
}

/** The results CSV of a module, between two dates, as a file. */
const downloadResultsCsv = (input: { module: string; from?: string | null; until?: string | null }) =>
  downloadFile(resultsCsvUrl(input.module, input), `results-${input.module}.csv`);

export const useDownloadResultsCsv = () => useMutation({ mutationFn: downloadResultsCsv });
