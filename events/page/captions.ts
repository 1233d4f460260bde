import { z } from 'zod';
import { languageSchema, optionalText, webUrl } from '../shared/fields';

/**
 * A caption track of a video (WCAG 2.2 SC 1.2.2, docs/guide/modules-and-pages.md#captions): a
 * WebVTT file in one of the interface languages, uploaded like the video. Without a label, players
 * name the track by its language.
 */
export const captionTrackSchema = z.object({
  language: languageSchema,
  url: webUrl('pageErrors.captionFile').refine(
    (url) => /\.vtt$/i.test(url.split(/[?#]/)[0] ?? ''),
    'pageErrors.captionFile',
  ),
  label: optionalText(100).default(''),
});
export type CaptionTrack = z.output<typeof captionTrackSchema>;

/** A video's tracks: at most one per language; what was stored before tracks existed reads as none. */
export const captionTracksSchema = z
  .array(captionTrackSchema)
  .max(3)
  .superRefine((tracks, ctx) => {
    const seen = new Set<string>();
    tracks.forEach((track, index) => {
      if (seen.has(track.language)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'language'],
          message: 'pageErrors.captionLanguageTwice',
        });
      }
      seen.add(track.language);
    });
  })
  .default([]);

/** The tracks as an event holds them: checked when written, read as they are. */
export const storedCaptionTracksSchema = z
  .array(z.object({ language: languageSchema, url: z.string(), label: z.string().default('') }))
  .default([]);
