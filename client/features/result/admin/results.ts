import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CsvVariant, csvUrl, downloadFile } from '../../../lib/download';
import type { RouterInputs, RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ParticipantSearch = RouterInputs['result']['participants'];
export type ParticipantResult = RouterOutputs['result']['participant'];
export type ResultHistoryEntry = RouterOutputs['result']['history'][number];
export type ToGradeInput = RouterInputs['result']['toGrade'];
export type ToGradeItem = RouterOutputs['result']['toGrade']['items'][number];

export const useModuleParticipants = (search: ParticipantSearch) =>
  useQuery(trpc.result.participants.queryOptions(search, { placeholderData: keepPreviousData }));

export const useParticipantResult = (module: string, user: string) =>
  useQuery(trpc.result.participant.queryOptions({ module, user }));

export const useResultHistory = (module: string, user: string) =>
  useQuery(trpc.result.history.queryOptions({ module, user }));

/** The answers waiting for a score (the To grade view, and the counts that lead to it). */
export const useToGrade = (input: ToGradeInput, enabled = true) =>
  useQuery(trpc.result.toGrade.queryOptions(input, { placeholderData: keepPreviousData, enabled }));

/** A change to one participant's result: their result, its history and the module's participants list. */
function useResultChanged() {
  const queryClient = useQueryClient();
  return (_: unknown, __: unknown, { module, user }: { module: string; user: string }) =>
    Promise.all([
      queryClient.invalidateQueries(trpc.result.participant.queryFilter({ module, user })),
      queryClient.invalidateQueries(trpc.result.history.queryFilter({ module, user })),
      queryClient.invalidateQueries(trpc.result.participants.pathFilter()),
      queryClient.invalidateQueries(trpc.result.toGrade.pathFilter()),
    ]);
}

/** updateResult: scores and feedback on one page of a participant's result. */
export function useScoreResult() {
  const onSettled = useResultChanged();
  return useMutation(trpc.result.score.mutationOptions({ onSettled }));
}

/** Another attempt at a question whose attempts a participant used up. */
export function useGrantAttempt() {
  const onSettled = useResultChanged();
  return useMutation(trpc.result.grantAttempt.mutationOptions({ onSettled }));
}

/** The results CSV URL: GET /api/results/<module>.csv with the range, when one is set. */
function resultsCsvUrl(module: string, range: { from?: string | null; until?: string | null }) {
  const query = new URLSearchParams();
  if (range.from) query.set('after', range.from);
  if (range.until) query.set('before', range.until);
  const search = query.toString();
  return `/api/results/${encodeURIComponent(module)}.csv${search ? `?${search}` : ''}`;
}

/** The results CSV of a module, between two dates, as a file: plain or for a spreadsheet. */
const downloadResultsCsv = (input: {
  module: string;
  from?: string | null;
  until?: string | null;
  variant: CsvVariant;
}) => downloadFile(csvUrl(resultsCsvUrl(input.module, input), input.variant), `results-${input.module}.csv`);

export const useDownloadResultsCsv = () => useMutation({ mutationFn: downloadResultsCsv });
