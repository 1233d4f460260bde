import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type TranslationGroup = RouterOutputs['translation']['groups'][number];

/** Every original course or module that has translations, with them. */
export const useTranslationGroups = () => useQuery(trpc.translation.groups.queryOptions());
