import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';

export interface TranslationLink {
  path: string;
  name: string;
  language: string;
}

/** The visible translations of a course or a module, itself included. */
export const getTranslationsQueryOptions = (kind: 'course' | 'module', path: string) =>
  queryOptions({
    queryKey: ['translations', kind, path] as const,
    queryFn: (): Promise<TranslationLink[]> =>
      kind === 'course' ? api.translation.ofCourse.query({ path }) : api.module.translations.query({ path }),
  });

export const useTranslations = (kind: 'course' | 'module', path: string) =>
  useQuery(getTranslationsQueryOptions(kind, path));
