import { useQuery } from '@tanstack/react-query';
import { isFinal } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/**
 * The participant's certificate for a module, or why there is none yet. While the automatic issue is
 * under way (conditions met, no certificate yet) it asks again every few seconds.
 */
export const useModuleCertificate = (path: string, enabled = true) =>
  useQuery(
    trpc.certificate.forModule.queryOptions(
      { path },
      {
        enabled,
        retry: (count, error) => !isFinal(error) && count < 2,
        refetchInterval: (query) => {
          const data = query.state.data;
          return data?.configured && !data.certificate && data.waiting.length === 0 ? 3000 : false;
        },
      },
    ),
  );
