import { useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from '../shared/content-keys';

export type TranslationGroup = RouterOutputs['translation']['groups'][number];

/** Every original course or module that has translations, with them. */
export const useTranslationGroups = () =>
  useQuery({
    queryKey: contentKey('translations', 'groups'),
    queryFn: () => api.translation.groups.query(),
  });
