import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema, requiredText, webUrl } from '../shared/fields';

export const fileTypes = ['pdf', 'document', 'image', 'video', 'audio', 'link', 'other'] as const;

/** A document offered to participants: a link to an uploaded file or to anywhere on the web. */
export const fileDetailsSchema = z.object({
  name: requiredText(200),
  url: webUrl(),
  type: z.enum(fileTypes),
});
export type FileDetails = z.infer<typeof fileDetailsSchema>;

const fileRef = { fileId: z.uuid(), path: pathSchema };

export const FileCreated = defineEvent('FileCreated', z.object({ ...fileRef, ...fileDetailsSchema.shape }));
export const FileUpdated = defineEvent('FileUpdated', z.object({ ...fileRef, ...fileDetailsSchema.shape }));
export const FileDeleted = defineEvent('FileDeleted', z.object({ ...fileRef, name: z.string() }));

export const fileEventDefinitions = [FileCreated, FileUpdated, FileDeleted];
export type FileEvent =
  | EventOf<typeof FileCreated>
  | EventOf<typeof FileUpdated>
  | EventOf<typeof FileDeleted>;

export const fileStream = (fileId: string) => `file-${fileId}`;
