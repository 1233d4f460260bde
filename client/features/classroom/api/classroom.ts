import { useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ClassroomView = RouterOutputs['section']['classroom'];
export type BreakoutRoomView = RouterOutputs['section']['breakoutRoom'];

/** Refusals (not found, not signed in) are final: asking again changes nothing. */
const retry = (failures: number, error: unknown) => !isFinal(error) && failures < 2;

/** A section's live classroom for someone who may enter it: how to join, and who they are there. */
export const useClassroom = (course: string, section: string) =>
  useQuery(trpc.section.classroom.queryOptions({ course, section }, { retry }));

/** One breakout room of a section's classroom, with the countdown as the server has it. */
export const useBreakoutRoom = (course: string, section: string, room: number) =>
  useQuery(trpc.section.breakoutRoom.queryOptions({ course, section, room }, { retry }));
