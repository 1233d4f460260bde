import { useQuery } from '@tanstack/react-query';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from './content-keys';

export type Parent = RouterInputs['link']['modulesOf'];
export type LinkedModule = RouterOutputs['link']['modulesOf'][number];
export type Teacher = RouterOutputs['link']['teachers'][number];

/** A course's or section's modules, in their order. */
export const useModulesOf = (parent: Parent) =>
  useQuery({
    queryKey: contentKey('links', 'modulesOf', parent.parentType, parent.parentPath),
    queryFn: () => api.link.modulesOf.query(parent),
  });

/** Holders of the teacher role: who may be linked as a course's owner (assign_owners). */
export const useTeachers = () =>
  useQuery({
    queryKey: contentKey('links', 'teachers'),
    queryFn: () => api.link.teachers.query(),
  });
