import { z } from 'zod';
import { pathSchema, requiredText } from '../shared/fields';
import { elementSchema, interactiveVideoInputSchema, isQuestion, toSeconds } from './content';
import { type PageDetails, pageTypes } from './events';

/**
 * The page form (docs/guide/modules-and-pages.md), shared by the admin editor and the server.
 * Element names must be unique (they key the answers); an interactive video needs its video and may
 * only point at questions of this page; timestamps get their position in seconds here, once.
 */
export const pageInputSchema = z
  .object({
    name: requiredText(200),
    type: z.enum(pageTypes, { message: 'pageErrors.typeRequired' }),
    content: z.array(elementSchema).max(200).default([]),
    interactiveVideo: interactiveVideoInputSchema.nullable().default(null),
    estimatedTime: z.number().int('validation.wholeNumber').min(0).max(86_400).default(0),
  })
  .superRefine((page, ctx) => {
    const seen = new Set<string>();
    page.content.forEach((element, index) => {
      if (seen.has(element.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['content', index, 'name'],
          message: 'pageErrors.elementNameTaken',
        });
      }
      seen.add(element.name);
    });
    if (page.type === 'interactive' && !page.interactiveVideo) {
      ctx.addIssue({
        code: 'custom',
        path: ['interactiveVideo', 'url'],
        message: 'pageErrors.videoRequired',
      });
    }
    const questions = new Set(page.content.filter(isQuestion).map((element) => element.name));
    page.interactiveVideo?.timestamps.forEach((timestamp, index) => {
      timestamp.references.forEach((reference, referenceIndex) => {
        if (!questions.has(reference)) {
          ctx.addIssue({
            code: 'custom',
            path: ['interactiveVideo', 'timestamps', index, 'references', referenceIndex],
            message: 'pageErrors.unknownReference',
          });
        }
      });
    });
  })
  .transform(
    (page): PageDetails => ({
      ...page,
      interactiveVideo:
        page.type === 'interactive' && page.interactiveVideo
          ? {
              ...page.interactiveVideo,
              timestamps: page.interactiveVideo.timestamps
                .map((timestamp) => ({ ...timestamp, timestampInSeconds: toSeconds(timestamp) }))
                .sort((a, b) => a.timestampInSeconds - b.timestampInSeconds),
            }
          : null,
    }),
  );
export type PageInput = z.input<typeof pageInputSchema>;

export const createPageSchema = z.object({
  path: pathSchema.optional(),
  parentType: z.literal('module'),
  parentPath: pathSchema,
  page: pageInputSchema,
});
export const updatePageSchema = z.object({ path: pathSchema, page: pageInputSchema });
export const pagePathSchema = z.object({ path: pathSchema });

export type PageCommand =
  | { type: 'CreatePage'; data: { pageId: string; path: string; parentPath: string; details: PageDetails } }
  | { type: 'UpdatePage'; data: { details: PageDetails } }
  | { type: 'SavePageDraft'; data: { details: PageDetails } }
  | { type: 'DiscardPageDraft' }
  | { type: 'PublishPageChanges' }
  | { type: 'DeletePage' };
