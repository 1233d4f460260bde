import { z } from 'zod';
import { fileTypes } from '../../events/file/events';

export const fileOutput = z.object({
  fileId: z.string(),
  path: z.string(),
  name: z.string(),
  url: z.string(),
  type: z.enum(fileTypes),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A file as it was at a moment (time travel). */
export const fileAsOfOutput = z.object({
  path: z.string(),
  name: z.string(),
  url: z.string(),
  type: z.enum(fileTypes),
  deleted: z.boolean(),
});
