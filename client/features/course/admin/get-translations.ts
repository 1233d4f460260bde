import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Every original course or module that has translations, with them. */
export const useTranslationGroups = () => useQuery(trpc.translation.groups.queryOptions());
