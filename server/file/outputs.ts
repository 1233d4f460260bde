import { z } from 'zod';
import { fileDetailsSchema } from '../../events/file/events';
import { shapeOf } from '../outputs';

/** A file's details: the event's fields, the shape only (see `shapeOf`). */
const fileDetailsOutput = shapeOf(fileDetailsSchema);

export const fileOutput = z.object({
  fileId: z.string(),
  path: z.string(),
  ...fileDetailsOutput.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A file as it was at a moment (time travel). */
export const fileAsOfOutput = z.object({
  path: z.string(),
  ...fileDetailsOutput.shape,
  deleted: z.boolean(),
});
