import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

export type Parent = { parentType: 'course' | 'section'; parentPath: string };

/** The modules linked to a course or a section, in the order its editors gave them. */
export const useLinkedModules = (parent: Parent) => useQuery(trpc.link.modulesOf.queryOptions(parent));

/** The documents linked to a course or a section. */
export const useLinkedFiles = (parent: Parent) =>
  useQuery(
    trpc.file.list.queryOptions(
      parent.parentType === 'course' ? { course: parent.parentPath } : { section: parent.parentPath },
    ),
  );
