import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ModuleSummary = RouterOutputs['module']['list'][number];

/** The modules this visitor may open (the /module list; the one visibility rule). */
export const useModules = () => useQuery(trpc.module.list.queryOptions({}));
