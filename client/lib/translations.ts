import { skipToken, useQuery } from '@tanstack/react-query';
import { trpc } from './trpc-query';

export interface TranslationLink {
  path: string;
  name: string;
  language: string;
}

/** The visible translations of a course or a module, itself included (one of two procedures asks). */
export function useTranslations(kind: 'course' | 'module', path: string) {
  const ofCourse = useQuery(trpc.translation.ofCourse.queryOptions(kind === 'course' ? { path } : skipToken));
  const ofModule = useQuery(trpc.module.translations.queryOptions(kind === 'module' ? { path } : skipToken));
  const translations: { data: TranslationLink[] | undefined } = kind === 'course' ? ofCourse : ofModule;
  return translations;
}
