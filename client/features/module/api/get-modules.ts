import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The modules this visitor may open (the /module list; the one visibility rule). */
export const useModules = () => useQuery(trpc.module.list.queryOptions({}));
