import { z } from 'zod';
import { webUrl } from '../shared/fields';

/** The quality choices of an image upload; 60 is the default. */
export const imageQualities = [40, 50, 60, 75, 90, 100] as const;
export type ImageQuality = (typeof imageQualities)[number];
export const defaultImageQuality: ImageQuality = 60;

/** The image size classes an inserted image may carry. */
export const imageSizeClasses = ['small', 'medium', 'large', 'banner'] as const;

/** Image types whose uploads get derivatives. */
export const imageMimeTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface DerivativeSize {
  label: string;
  width: number;
  height: number;
  /** Cropped to exactly width x height; otherwise fitted inside without enlarging. */
  crop: boolean;
  /** Null: the quality chosen with the upload. */
  quality: number | null;
}

/**
 * The standard sizes (docs/operations/storage.md#images-and-deleting-uploads). Full and main are at
 * the default quality 60, so the quality chosen with an upload applies to them (and to the custom
 * sizes); the small ones keep 75.
 */
export const standardImageSizes: DerivativeSize[] = [
  { label: 'full', width: 1456, height: 2184, crop: false, quality: null },
  { label: 'main', width: 976, height: 1464, crop: false, quality: null },
  { label: 'aside', width: 332, height: 498, crop: false, quality: 75 },
  { label: 'blocklist', width: 178, height: 89, crop: true, quality: 75 },
  { label: 'profile', width: 180, height: 180, crop: true, quality: 75 },
  { label: 'preview', width: 192, height: 192, crop: false, quality: 75 },
];

const emptyToUndefined = (value: unknown) =>
  value === '' || value === null || value === undefined
    ? undefined
    : typeof value === 'string'
      ? Number(value.trim())
      : value;

const dimension = (requiredKey: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .number({ error: requiredKey })
      .int('validation.wholeNumber')
      .min(1, 'uploads.dimensionRange')
      .max(4000, 'uploads.dimensionRange'),
  );

/** One custom upload size (label, width and height required). */
export const uploadSizeSchema = z.object({
  label: z
    .string({ error: 'uploads.labelRequired' })
    .trim()
    .min(1, 'uploads.labelRequired')
    .max(40, 'validation.tooLong')
    .regex(/^(?:[a-z0-9][a-z0-9-]*)?$/, 'uploads.labelFormat'),
  width: dimension('uploads.widthRequired'),
  height: dimension('uploads.heightRequired'),
});
export type UploadSize = z.output<typeof uploadSizeSchema>;

/** What an image upload may ask for besides the file: a quality and extra sizes. */
export const imageOptionsSchema = z.object({
  quality: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z
      .number()
      .refine((n) => (imageQualities as readonly number[]).includes(n), 'uploads.qualityInvalid')
      .default(defaultImageQuality),
  ),
  sizes: z
    .array(uploadSizeSchema)
    .max(10, 'uploads.tooManySizes')
    .default([])
    .superRefine((sizes, ctx) => {
      const seen = new Set(standardImageSizes.map((size) => size.label));
      sizes.forEach((size, index) => {
        if (seen.has(size.label)) {
          ctx.addIssue({ code: 'custom', path: [index, 'label'], message: 'uploads.labelTaken' });
        }
        seen.add(size.label);
      });
    }),
});

/** The "Insert image" dialog of the markdown editor (image required). */
export const imageInsertSchema = z.object({
  url: z.string().trim().min(1, 'uploads.imageRequired').pipe(webUrl()),
  alt: z.string().trim().max(300, 'validation.tooLong'),
  sizeClass: z.enum(imageSizeClasses),
});
export type ImageInsert = z.output<typeof imageInsertSchema>;

/** The markdown of an inserted image; the size class rides in the title. */
export function imageMarkdown({ url, alt, sizeClass }: ImageInsert): string {
  const safeAlt = alt.replace(/[[\]\\]/g, '\\$&');
  const safeUrl = url.replace(/[()\s]/g, (c) =>
    c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c),
  );
  return `![${safeAlt}](${safeUrl} "${sizeClass}")`;
}
