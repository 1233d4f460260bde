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
/**
 * Version 2 carries the url the file pointed at, so a deletion says which upload it may free (the
 * removal job, jobs/file/remove-upload.ts). Version 1 had no url: upcast with `url: null` (the url is
 * in that stream's earlier events; such deletions were appended before any upload was removed).
 */
export const FileDeleted = defineEvent(
  'FileDeleted',
  z.object({ ...fileRef, name: z.string(), url: z.string().nullable() }),
  {
    schemaVersion: 2,
    upcasters: { 1: (data) => ({ ...(data as object), url: null }) },
  },
);

export const fileEventDefinitions = [FileCreated, FileUpdated, FileDeleted];
export type FileEvent =
  | EventOf<typeof FileCreated>
  | EventOf<typeof FileUpdated>
  | EventOf<typeof FileDeleted>;

export const fileStream = (fileId: string) => `file-${fileId}`;
