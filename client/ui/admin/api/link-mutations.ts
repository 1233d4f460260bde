import { api, type RouterInputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from './content-mutation';

export type LinkInput = RouterInputs['link']['addItemToParent'];

/** Links or unlinks a module or file to a course or section (addItemToParent / removeItemFromParent). */
export const useSetLinked = () =>
  useContentMutation('link', {
    mutationFn: ({ linked, ...input }: LinkInput & { linked: boolean }) =>
      linked ? api.link.addItemToParent.mutate(input) : api.link.removeItemFromParent.mutate(input),
  });

/** Saves the order of a parent's modules as the list of their paths. */
export const useOrderModules = () => useContentMutation('link', trpc.link.orderModules.mutationOptions());
