import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema, requiredText } from '../shared/fields';
import { elementSchema, interactiveVideoSchema } from './content';

export const pageTypes = ['markdown', 'question', 'video', 'interactive'] as const;
export type PageType = (typeof pageTypes)[number];

/** Every editable field of a page (docs/guide/modules-and-pages.md), all present. */
export const pageDetailsSchema = z.object({
  name: requiredText(200),
  type: z.enum(pageTypes),
  content: z.array(elementSchema),
  interactiveVideo: interactiveVideoSchema.nullable(),
  /** Seconds a participant is expected to need. */
  estimatedTime: z.number().int().min(0),
});
export type PageDetails = z.infer<typeof pageDetailsSchema>;

const pageRef = { pageId: z.uuid(), path: pathSchema };

/** A page lives in exactly one module: its parent never changes. */
export const PageCreated = defineEvent(
  'PageCreated',
  z.object({
    ...pageRef,
    parentType: z.literal('module'),
    parentPath: pathSchema,
    ...pageDetailsSchema.shape,
  }),
);
export const PageUpdated = defineEvent('PageUpdated', z.object({ ...pageRef, ...pageDetailsSchema.shape }));
export const PageDeleted = defineEvent(
  'PageDeleted',
  z.object({ ...pageRef, name: z.string(), parentPath: pathSchema }),
);

/**
 * Changes to a page learners can see (its module is published) are kept as the author's draft
 * (docs/adr/0019-drafts-of-live-content.md): saved whole, so a reader needs no earlier draft, and
 * learners keep the live details until the draft is published.
 */
export const PageDraftSaved = defineEvent(
  'PageDraftSaved',
  z.object({ ...pageRef, ...pageDetailsSchema.shape }),
);
export const PageDraftDiscarded = defineEvent(
  'PageDraftDiscarded',
  z.object({ ...pageRef, name: z.string() }),
);
/** The draft became the live page: the details learners see from now on. */
export const PageChangesPublished = defineEvent(
  'PageChangesPublished',
  z.object({ ...pageRef, ...pageDetailsSchema.shape }),
);

export const pageEventDefinitions = [
  PageCreated,
  PageUpdated,
  PageDeleted,
  PageDraftSaved,
  PageDraftDiscarded,
  PageChangesPublished,
];

export type PageEvent =
  | EventOf<typeof PageCreated>
  | EventOf<typeof PageUpdated>
  | EventOf<typeof PageDeleted>
  | EventOf<typeof PageDraftSaved>
  | EventOf<typeof PageDraftDiscarded>
  | EventOf<typeof PageChangesPublished>;

export const pageStream = (pageId: string) => `page-${pageId}`;
