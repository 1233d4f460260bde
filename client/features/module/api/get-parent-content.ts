import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type Parent = { parentType: 'course' | 'section'; parentPath: string };
export type LinkedModule = RouterOutputs['link']['modulesOf'][number];
export type LinkedFile = RouterOutputs['file']['list'][number];

/** The modules linked to a course or a section, in the order its editors gave them. */
export const getLinkedModulesQueryOptions = (parent: Parent) =>
  queryOptions({
    queryKey: ['modules', 'of', parent.parentType, parent.parentPath] as const,
    queryFn: () => api.link.modulesOf.query(parent),
  });

export const useLinkedModules = (parent: Parent) => useQuery(getLinkedModulesQueryOptions(parent));

/** The documents linked to a course or a section. */
export const getLinkedFilesQueryOptions = (parent: Parent) =>
  queryOptions({
    queryKey: ['files', 'of', parent.parentType, parent.parentPath] as const,
    queryFn: () =>
      api.file.list.query(
        parent.parentType === 'course' ? { course: parent.parentPath } : { section: parent.parentPath },
      ),
  });

export const useLinkedFiles = (parent: Parent) => useQuery(getLinkedFilesQueryOptions(parent));
