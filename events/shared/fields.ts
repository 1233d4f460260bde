import { z } from 'zod';

export const languages = ['nl', 'fr', 'en'] as const;
export const languageSchema = z.enum(languages, { message: 'validation.languageRequired' });
export type Language = z.infer<typeof languageSchema>;

/** A calendar date (YYYY-MM-DD) or a full ISO timestamp with offset. */
export const dateValueSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: 'validation.date',
});

export const imageSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(500),
  alt: z.string().max(500),
});
export type Image = z.infer<typeof imageSchema>;

export const pathSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.path');

export const requiredText = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');
export const optionalText = (max: number) => z.string().max(max, 'validation.tooLong');

/** Lower-case ASCII slug for URLs; never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'item';
}
