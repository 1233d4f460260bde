import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { RouterInputs } from '../lib/trpc';
import { queryClient, trpc } from '../lib/trpc-query';

/**
 * The first reads of the screen a visit opens on, which the page's boot script asked for while the
 * scripts were still on their way (scripts/first-visit-plugin.ts). Each becomes a query already
 * under way in the cache, before the first render: the screen's own query of the same key joins it
 * instead of asking again, whenever it mounts. Where the boot script's answer is missing or a
 * refusal, the query asks the server itself, as it would have. Only the reads that script makes
 * have options here.
 */
type Options = { queryKey: QueryKey; queryFn?: unknown };
const optionsOf: Record<string, (input: unknown) => Options> = {
  'tenant.get': () => trpc.tenant.get.queryOptions(),
  'user.me': () => trpc.user.me.queryOptions(),
  'module.byPath': (input) => trpc.module.byPath.queryOptions(input as RouterInputs['module']['byPath']),
  'result.page': (input) => trpc.result.page.queryOptions(input as RouterInputs['result']['page']),
  'result.module': (input) => trpc.result.module.queryOptions(input as RouterInputs['result']['module']),
  'course.byPath': (input) => trpc.course.byPath.queryOptions(input as RouterInputs['course']['byPath']),
};

interface FirstData {
  calls: [procedure: string, input: unknown][];
  /** tRPC's batch answer: one entry per call, its data or its error */
  answers: Promise<{ result?: { data: unknown } }[]>;
}

export function startFirstData(): void {
  const boot = window as { __srhrFirstData?: FirstData };
  const first = boot.__srhrFirstData;
  boot.__srhrFirstData = undefined;
  if (!first) return;
  first.calls.forEach(([procedure, input], index) => {
    const options = optionsOf[procedure]?.(input);
    const ask = options?.queryFn as QueryFunction | undefined;
    if (!options || !ask) return;
    void queryClient.prefetchQuery({
      queryKey: options.queryKey,
      queryFn: async (context) => {
        const answer = await first.answers.then(
          (answers) => answers[index],
          () => undefined,
        );
        return answer?.result && 'data' in answer.result ? answer.result.data : ask(context);
      },
    });
  });
}
