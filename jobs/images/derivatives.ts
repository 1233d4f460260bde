import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  type DerivativeSize,
  defaultImageQuality,
  imageQualities,
  standardImageSizes,
  uploadSizeSchema,
} from '../../events/upload/schema';
import { defineJob } from '../job';

/** The part of the file store the job needs (server/file/storage.ts implements it). */
export interface DerivativeStore {
  read(key: string): Promise<Buffer>;
  put(key: string, body: Readable | Buffer): Promise<number>;
  size(key: string): Promise<number | null>;
  remove(folder: string): Promise<void>;
}

/** sharp's default export: the function that opens an image. */
export type Sharp = typeof import('sharp')['default'];

export interface ImageDeps {
  files: DerivativeStore;
  /** Where sharp comes from (the single executable carries its own); the installed package if absent. */
  loadSharp?: () => Promise<Sharp>;
  /** The most pixels (width × height) an image may have to be decoded (IMAGE_MAX_MEGAPIXELS). */
  maxImagePixels?: number;
}

/** IMAGE_MAX_MEGAPIXELS' default: 50 megapixels. */
const defaultMaxImagePixels = 50_000_000;

/** The formats an image upload may decode to; anything else (SVG, TIFF, PDF, HEIF…) is refused. */
export const imageFormats = ['png', 'jpeg', 'webp', 'gif'] as const;

export type ImageInspection =
  | { ok: true; format: (typeof imageFormats)[number]; width: number; height: number }
  | { ok: false; reason: 'format'; detail: string }
  | { ok: false; reason: 'pixels'; width: number; height: number };

/**
 * What an upload's bytes decode to, read from the header only (no pixel is decoded): refused when
 * the format is not png, jpeg, webp or gif (whatever the name or content type says) or the image
 * has more than `maxPixels` pixels.
 */
export async function inspectImage(sharp: Sharp, input: Buffer, maxPixels: number): Promise<ImageInspection> {
  let metadata: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { ok: false, reason: 'format', detail: error instanceof Error ? error.message : String(error) };
  }
  const format = imageFormats.find((known) => known === metadata.format);
  if (!format || !metadata.width || !metadata.height) {
    return {
      ok: false,
      reason: 'format',
      detail: `${metadata.format ?? 'unknown'} ${metadata.width}x${metadata.height}`,
    };
  }
  const { width, height } = metadata;
  if (width * height > maxPixels) return { ok: false, reason: 'pixels', width, height };
  return { ok: true, format, width, height };
}

export const derivativesPayloadSchema = z.object({
  uploadId: z.string().uuid(),
  name: z.string().min(1),
  quality: z
    .number()
    .refine((n) => (imageQualities as readonly number[]).includes(n))
    .default(defaultImageQuality),
  sizes: z.array(uploadSizeSchema).max(10).default([]),
});
export type DerivativesPayload = z.output<typeof derivativesPayloadSchema>;

export interface Derivative {
  label: string;
  width: number;
  height: number;
  url: string;
}

const derivativeKey = (uploadId: string, label: string) => `${uploadId}/sizes/${label}.webp`;
export const manifestKey = (uploadId: string) => `${uploadId}/sizes/manifest.json`;

/** Every size an upload gets: the standard ones, then the custom ones asked for. */
export function sizesFor(payload: DerivativesPayload): DerivativeSize[] {
  return [...standardImageSizes, ...payload.sizes.map((size) => ({ ...size, crop: false, quality: null }))];
}

/**
 * Makes the WebP derivatives of an uploaded image next to it (`<id>/sizes/<label>.webp`), then a
 * manifest listing them: its presence says the work is done. Running again rewrites the same files.
 */
export const imageDerivativesJob = defineJob({
  name: 'image.derivatives',
  schema: derivativesPayloadSchema,
  retryLimit: 3,
  retryDelay: 5,
  // sharp already spreads one image over the cores: one at a time, two a fetch (so a backlog drains
  // without waiting between fetches).
  work: { batchSize: 2, concurrency: 1 },
  handler: async (payload: DerivativesPayload, deps: ImageDeps) => {
    // Loaded on first use: sharp is native (libvips), so a server that cannot load it still starts;
    // only this job then fails.
    const sharp = deps.loadSharp ? await deps.loadSharp() : (await import('sharp')).default;
    const original = await deps.files.read(`${payload.uploadId}/${payload.name}`);
    // The upload route refuses such images; this guards anything queued before or around it.
    const maxPixels = deps.maxImagePixels ?? defaultMaxImagePixels;
    const inspection = await inspectImage(sharp, original, maxPixels);
    if (!inspection.ok) {
      throw new Error(
        // The detail (what the decoder said, the byte count) is for the operator reading the failed job.
        `upload ${payload.uploadId} refused: ${inspection.reason === 'format' ? `not a png, jpeg, webp or gif image (${inspection.detail}; ${original.length} bytes)` : 'too many pixels'}`,
      );
    }
    const made: Derivative[] = [];
    for (const size of sizesFor(payload)) {
      const { data, info } = await sharp(original, { animated: false, limitInputPixels: maxPixels })
        .rotate()
        .resize(size.width, size.height, {
          fit: size.crop ? 'cover' : 'inside',
          withoutEnlargement: !size.crop,
        })
        .webp({ quality: size.quality ?? payload.quality })
        .toBuffer({ resolveWithObject: true });
      await deps.files.put(derivativeKey(payload.uploadId, size.label), data);
      made.push({
        label: size.label,
        width: info.width,
        height: info.height,
        url: `/files/${derivativeKey(payload.uploadId, size.label)}`,
      });
    }
    await deps.files.put(manifestKey(payload.uploadId), Buffer.from(JSON.stringify(made)));
    // Removed while the sizes were being made (a profile picture replaced at once): the sizes
    // written since would stay behind with nothing pointing at them.
    if ((await deps.files.size(`${payload.uploadId}/${payload.name}`)) === null) {
      await deps.files.remove(payload.uploadId);
    }
  },
});
