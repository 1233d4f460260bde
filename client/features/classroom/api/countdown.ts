import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { closerClock } from '../utils/remaining';

export type CountdownState = RouterOutputs['section']['countdown'] & {
  /** The server's clock minus this browser's, in milliseconds (see `closerClock`). */
  offset: number;
};

/** How often every screen asks for the countdown: a start or stop shows everywhere within this. */
const countdownPollMs = 2000;

/** This page's best estimate of the server's clock minus its own (see `closerClock`). */
let offset: number | null = null;

/**
 * The breakout countdown of a section, polled so that a start or stop by an editor on another
 * screen (or instance) shows everywhere; each answer carries the server's clock, so every screen
 * computes the same remaining time whatever its own clock says.
 */
export function useCountdown(section: string, enabled = true) {
  return useQuery({
    ...trpc.section.countdown.queryOptions({ path: section }),
    // Each answer improves the estimate the moment it arrives, so the fetch is tRPC's own call
    // with the arrival noted; the cache keeps the server's answer as it came.
    queryFn: async () => {
      const state = await api.section.countdown.query({ path: section });
      offset = closerClock(offset, state.serverNow, Date.now());
      return state;
    },
    select: (state): CountdownState => ({ ...state, offset: offset ?? 0 }),
    enabled,
    refetchInterval: countdownPollMs,
    refetchIntervalInBackground: false,
  });
}

/** Starts (or starts again) or stops the countdown; every screen follows at its next poll. */
export function useRunCountdown(section: string) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries(trpc.section.countdown.queryFilter({ path: section }));
  const start = useMutation(trpc.section.startCountdown.mutationOptions({ onSettled: settle }));
  const stop = useMutation(trpc.section.stopCountdown.mutationOptions({ onSettled: settle }));
  return { start, stop };
}
