/** The learner routes of a section's live part (docs/guide/live-classrooms.md). */
export const classroomHref = (course: string, section: string, classroomName: string) =>
  `/course/${course}/section/${section}/classroom/${encodeURIComponent(classroomName)}`;

export const breakoutRoomHref = (course: string, section: string, roomNumber: number) =>
  `/course/${course}/section/${section}/breakoutroom/${roomNumber}`;
