import { useQuery } from '@tanstack/react-query';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from './content-keys';

export type Parent = Omit<RouterInputs['link']['modulesOf'], 'onAdmin'>;
export type LinkedModule = RouterOutputs['link']['modulesOf'][number];
export type Teacher = RouterOutputs['link']['teachers'][number];

/** A course's or section's modules, in their order: every one, published or not, for who manages it. */
export const useModulesOf = (parent: Parent) =>
  useQuery({
    queryKey: contentKey('links', 'modulesOf', parent.parentType, parent.parentPath),
    queryFn: () => api.link.modulesOf.query({ ...parent, onAdmin: true }),
  });

/** Holders of the teacher role: who may be linked as a course's owner (assign_owners). */
export const useTeachers = () =>
  useQuery({
    queryKey: contentKey('links', 'teachers'),
    queryFn: () => api.link.teachers.query(),
  });
