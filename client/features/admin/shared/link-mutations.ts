import { api, type RouterInputs } from '../../../lib/trpc';
import { useContentMutation } from './content-keys';

export type LinkInput = RouterInputs['link']['addItemToParent'];

/** Links or unlinks a module or file to a course or section (addItemToParent / removeItemFromParent). */
export const useSetLinked = () =>
  useContentMutation(({ linked, ...input }: LinkInput & { linked: boolean }) =>
    linked ? api.link.addItemToParent.mutate(input) : api.link.removeItemFromParent.mutate(input),
  );

/** Saves the order of a parent's modules as the list of their paths. */
export const useOrderModules = () =>
  useContentMutation((input: RouterInputs['link']['orderModules']) => api.link.orderModules.mutate(input));
