import { z } from 'zod';
import { imageOutput, languageOutput } from '../outputs';

const recording = z.object({ url: z.string(), titel: z.string() });

/** A section's live classroom as stored (events/section/events.ts), the shape only. */
export const classroomOutput = z.object({
  name: z.string(),
  type: z.enum(['zoom', 'jitsi']),
  startdate: z.string().nullable(),
  enddate: z.string().nullable(),
  meetingId: z.string(),
  pwd: z.string(),
  extraInfo: z.string(),
  recordings: z.array(recording),
  breakoutrooms: z.array(
    z.object({
      name: z.string(),
      startdate: z.string().nullable(),
      jitsi: z.string(),
      roomNumber: z.number(),
      breakoutroomInteriorInfo: z.string(),
    }),
  ),
  breakoutroomCountdown: z.number(),
  breakoutroomCountdownStarted: z.string().nullable(),
  breakoutroomInfo: z.string(),
});

export const sectionDetailsOutput = z.object({
  name: z.string(),
  language: languageOutput,
  info: z.string(),
  originId: z.string().nullable(),
  date: z.string().nullable(),
  location: z.string(),
  teacher: z.string(),
  public: z.boolean(),
  image: imageOutput,
  classroom: classroomOutput.nullable(),
});

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
    recordings: z.array(recording),
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
