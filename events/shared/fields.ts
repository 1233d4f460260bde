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

/**
 * An image as a form or an integrator sets it: the alternative text is required
 * (docs/guide/building-a-course.md#images-and-uploads), so a screen reader never meets an unnamed
 * picture. Events keep `imageSchema`: images set before this rule stay readable and importable.
 */
export const imageInputSchema = imageSchema.extend({
  alt: z.string().trim().min(1, 'validation.altRequired').max(500, 'validation.tooLong'),
});

export const pathSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.path');

/**
 * Text that can be stored: no NUL character and no half of a UTF-16 surrogate pair. PostgreSQL
 * refuses both in text and jsonb, so they are refused here, next to the field, instead.
 */
export function isStorableText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** The first string in a JSON-like value that cannot be stored, with its path; null when all can. */
export function unstorableTextIn(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.');
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextIn(item, [...path, index]);
      if (found !== null) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key].join('.');
      const found = unstorableTextIn(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine(isStorableText, 'validation.text');
export const optionalText = (max: number) =>
  z.string().max(max, 'validation.tooLong').refine(isStorableText, 'validation.text');

/**
 * An address the platform may link to or embed: http or https on a named host, or a path on this
 * site ('/files/…'). Never another scheme (`javascript:`, `data:`), never a protocol-relative
 * '//host', and no control character or backslash (browsers read '/\host' and '/\t/host' as '//host').
 */
export function isWebUrl(url: string): boolean {
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return false;
  }
  if (url.startsWith('/')) return !url.startsWith('//');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

/** A web address field (see isWebUrl); `message` is the key shown when it is empty or refused. */
export const webUrl = (message = 'validation.url') =>
  z
    .string()
    .trim()
    .min(1, { message, abort: true })
    .max(2000, 'validation.tooLong')
    .refine((url) => isStorableText(url) && isWebUrl(url), message);

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
