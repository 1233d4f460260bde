import { z } from 'zod';
import { classroomSchema, sectionDetailsSchema } from '../../events/section/events';
import { languageOutput, shapeOf } from '../outputs';

/** A section's details and its live classroom as stored: the event's fields, the shape only (see `shapeOf`). */
const sectionDetailsOutput = shapeOf(sectionDetailsSchema);
const classroomOutput = shapeOf(classroomSchema);

export const sectionOutput = sectionDetailsOutput.extend({
  sectionId: z.string(),
  path: z.string(),
  parentType: z.literal('course'),
  parentPath: z.string(),
  position: z.number(),
  published: z.boolean(),
});

/** A section as it was at a moment (time travel). */
export const sectionAsOfOutput = sectionDetailsOutput.extend({
  path: z.string(),
  parentPath: z.string(),
  published: z.boolean(),
  deleted: z.boolean(),
});

/** The breakout countdown with the server's clock. */
export const countdownOutput = z.object({
  startedAt: z.string().nullable(),
  minutes: z.number(),
  endsAt: z.string().nullable(),
  serverNow: z.string(),
});

const place = {
  course: z.object({ path: z.string(), name: z.string() }),
  section: z.object({ path: z.string(), name: z.string(), language: languageOutput }),
  displayName: z.string(),
  mayRunCountdown: z.boolean(),
};

/** The live classroom for who may enter it: the meeting's Jitsi room or Zoom signature. */
export const classroomViewOutput = z.object({
  ...place,
  classroom: z.object({
    name: z.string(),
    type: z.enum(['zoom', 'jitsi']),
    startdate: z.string().nullable(),
    enddate: z.string().nullable(),
    extraInfo: z.string(),
    recordings: classroomOutput.shape.recordings,
    breakoutroomInfo: z.string(),
    breakoutroomCountdown: z.number(),
  }),
  jitsi: z.object({ domain: z.string(), roomName: z.string() }).nullable(),
  zoom: z
    .object({
      sdkKey: z.string(),
      meetingNumber: z.string(),
      password: z.string(),
      signature: z.string(),
      role: z.union([z.literal(0), z.literal(1)]),
      userName: z.string(),
    })
    .nullable(),
  /** A Zoom classroom's meeting number and password, for joining in Zoom's app or web client. */
  zoomJoin: z.object({ meetingNumber: z.string(), password: z.string() }).nullable(),
});

export const breakoutRoomViewOutput = z.object({
  ...place,
  room: z.object({
    name: z.string(),
    startdate: z.string().nullable(),
    roomNumber: z.number(),
    breakoutroomInteriorInfo: z.string(),
    url: z.string(),
    domain: z.string(),
    roomName: z.string(),
  }),
  countdown: countdownOutput,
  jitsiDomain: z.string(),
});
