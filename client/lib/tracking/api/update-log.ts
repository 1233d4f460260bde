import { api, type RouterInputs } from '../../trpc';

export type LogUpdate = RouterInputs['tracking']['update'];

/** updateLog: the signed-in person saw an item. The server skips a repeat view within a minute. */
export const updateLog = (input: LogUpdate) => api.tracking.update.mutate(input);
