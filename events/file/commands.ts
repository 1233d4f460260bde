import { z } from 'zod';
import { isWebUrl, pathSchema, requiredText } from '../shared/fields';
import { type FileDetails, fileTypes } from './events';

/** An absolute http(s) address, or a path on this platform (an uploaded file under /files/). */
const fileUrlSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .max(2000, 'validation.tooLong')
  .refine((url) => isWebUrl(url) && !/\s/.test(url), 'validation.url');

const guessType = (url: string): FileDetails['type'] => {
  const extension = url.split(/[?#]/)[0]!.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'pdf') return 'pdf';
  if (['doc', 'docx', 'odt', 'xls', 'xlsx', 'ods', 'ppt', 'pptx', 'odp', 'txt', 'csv'].includes(extension)) {
    return 'document';
  }
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'avif'].includes(extension)) return 'image';
  if (['mp4', 'webm', 'mov'].includes(extension)) return 'video';
  if (['mp3', 'ogg', 'wav', 'm4a'].includes(extension)) return 'audio';
  return 'link';
};

/** The file form (name and url required). The type follows the url unless chosen. */
export const fileInputSchema = z
  .object({
    name: requiredText(200),
    url: fileUrlSchema,
    type: z.enum(fileTypes).nullable().default(null),
  })
  .transform((file): FileDetails => ({ ...file, type: file.type ?? guessType(file.url) }));
export type FileInput = z.input<typeof fileInputSchema>;

const parentSchema = z.object({ parentType: z.enum(['course', 'section']), parentPath: pathSchema });

/** A new file may be linked to its course or section at once (the files/new form under a parent). */
export const createFileSchema = z.object({
  path: pathSchema.optional(),
  file: fileInputSchema,
  parent: parentSchema.nullable().default(null),
});
export const updateFileSchema = z.object({ path: pathSchema, file: fileInputSchema });
export const filePathSchema = z.object({ path: pathSchema });

export type FileCommand =
  | { type: 'CreateFile'; data: { fileId: string; path: string; details: FileDetails } }
  | { type: 'UpdateFile'; data: { details: FileDetails } }
  | { type: 'DeleteFile' };
