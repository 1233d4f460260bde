import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InterfaceLanguage } from '../../../lib/languages';
import { trpc } from '../../../lib/trpc-query';

/** The items holding the words that the signed-in reader may open, those in their language first. */
export const useSearch = (q: string, language: InterfaceLanguage) =>
  useQuery({
    ...trpc.search.query.queryOptions({ q, language }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
