import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The modules flagged for the home page (onHome) that this visitor may open (the one visibility rule). */
export const useHomeModules = () => useQuery(trpc.module.list.queryOptions({ onHome: true }));
