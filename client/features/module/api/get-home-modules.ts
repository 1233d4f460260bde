import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type HomeModule = RouterOutputs['module']['list'][number];

/** The modules flagged for the home page (onHome) that this visitor may open (the one visibility rule). */
export const useHomeModules = () => useQuery(trpc.module.list.queryOptions({ onHome: true }));
