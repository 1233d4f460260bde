import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { closerClock } from '../utils/remaining';

export type CountdownState = RouterOutputs['section']['countdown'] & {
  /** The server's clock minus this browser's, in milliseconds (see `closerClock`). */
  offset: number;
};

/** How often every screen asks for the countdown: a start or stop shows everywhere within this. */
export const countdownPollMs = 2000;

const countdownKey = (section: string) => ['countdown', section] as const;

/** This page's best estimate of the server's clock minus its own (see `closerClock`). */
let offset: number | null = null;

/**
 * The breakout countdown of a section, polled so that a start or stop by an editor on another
 * screen (or instance) shows everywhere; each answer carries the server's clock, so every screen
 * computes the same remaining time whatever its own clock says.
 */
export function useCountdown(section: string, enabled = true) {
  return useQuery({
    queryKey: countdownKey(section),
    queryFn: async (): Promise<CountdownState> => {
      const state = await api.section.countdown.query({ path: section });
      const received = Date.now();
      offset = closerClock(offset, state.serverNow, received);
      return { ...state, offset };
    },
    enabled,
    refetchInterval: countdownPollMs,
    refetchIntervalInBackground: false,
  });
}

/** Starts (or starts again) or stops the countdown; every screen follows at its next poll. */
export function useRunCountdown(section: string) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: countdownKey(section) });
  const start = useMutation({
    mutationFn: () => api.section.startCountdown.mutate({ path: section }),
    onSettled: settle,
  });
  const stop = useMutation({
    mutationFn: () => api.section.stopCountdown.mutate({ path: section }),
    onSettled: settle,
  });
  return { start, stop };
}
