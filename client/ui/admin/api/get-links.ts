import { useQuery } from '@tanstack/react-query';
import type { RouterInputs, RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type Parent = Omit<RouterInputs['link']['modulesOf'], 'onAdmin'>;
export type LinkedModule = RouterOutputs['link']['modulesOf'][number];

/** A course's or section's modules, in their order: every one, published or not, for who manages it. */
export const useModulesOf = (parent: Parent) =>
  useQuery(trpc.link.modulesOf.queryOptions({ ...parent, onAdmin: true }));

/** Holders of the teacher role: who may be linked as a course's owner (assign_owners). */
export const useTeachers = () => useQuery(trpc.link.teachers.queryOptions());
