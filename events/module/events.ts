import { z } from 'zod';
import type { ModuleCertificateConfiguredEvent } from '../certificate/events';
import { defineEvent, type EventOf } from '../define';
import { imageSchema, languageSchema, optionalText, pathSchema, requiredText } from '../shared/fields';

/** What a test module may shuffle per participant, any subset (docs/guide/gating-and-tests.md#tests-and-exams). */
export const randomizeOptions = ['pages', 'questions', 'answers'] as const;
export const gateOptions = ['all-correct'] as const;
/**
 * What a learner's check reveals while attempts remain (docs/guide/questions-and-attempts.md): nothing
 * (an exam), the verdict, the verdict with the author's feedback, or the correct answer too.
 */
export const checkRevealsOptions = ['nothing', 'verdict', 'feedback', 'answer'] as const;
export type CheckReveals = (typeof checkRevealsOptions)[number];
export const isCheckReveals = (value: unknown): value is CheckReveals =>
  (checkRevealsOptions as readonly unknown[]).includes(value);

/**
 * Every editable field of a module (docs/guide/modules-and-pages.md), all present: events carry no
 * optional fields.
 */
export const moduleDetailsSchema = z.object({
  name: requiredText(200),
  language: languageSchema,
  info: optionalText(20_000),
  originId: z.string().nullable(),
  public: z.boolean(),
  onHome: z.boolean(),
  showCorrect: z.boolean(),
  test: z.boolean(),
  anonymousPages: z.boolean(),
  randomized: z.array(z.enum(randomizeOptions)),
  gateProgress: z.boolean(),
  gateConfig: z.array(z.enum(gateOptions)),
  image: imageSchema.nullable(),
  checkReveals: z.enum(checkRevealsOptions),
});
export type ModuleDetails = z.infer<typeof moduleDetailsSchema>;

const moduleRef = { moduleId: z.uuid(), path: pathSchema };

/**
 * Version 2 of every event carrying the details has `checkReveals`. Version 1 had none: a check then
 * revealed nothing while attempts remained, so it upcasts to 'nothing'.
 */
const withCheckReveals = {
  schemaVersion: 2,
  upcasters: { 1: (data: unknown) => ({ ...(data as object), checkReveals: 'nothing' }) },
};

export const ModuleCreated = defineEvent(
  'ModuleCreated',
  z.object({ ...moduleRef, ...moduleDetailsSchema.shape, published: z.boolean() }),
  withCheckReveals,
);
export const ModuleUpdated = defineEvent(
  'ModuleUpdated',
  z.object({ ...moduleRef, ...moduleDetailsSchema.shape }),
  withCheckReveals,
);
export const ModulePublished = defineEvent('ModulePublished', z.object(moduleRef));
export const ModuleUnpublished = defineEvent('ModuleUnpublished', z.object(moduleRef));
export const ModuleDeleted = defineEvent('ModuleDeleted', z.object({ ...moduleRef, name: z.string() }));
/** Teachers linked as owners may edit and delete the module and its pages. */
export const ModuleOwnerAdded = defineEvent(
  'ModuleOwnerAdded',
  z.object({ ...moduleRef, userId: z.string().min(1) }),
);
export const ModuleOwnerRemoved = defineEvent(
  'ModuleOwnerRemoved',
  z.object({ ...moduleRef, userId: z.string().min(1) }),
);
/** The learner-facing order of the module's pages, as the full list of their paths. */
export const ModulePagesOrdered = defineEvent(
  'ModulePagesOrdered',
  z.object({ ...moduleRef, pages: z.array(pathSchema) }),
);

/**
 * Changes to the settings of a module learners can see (it is published) are kept as a draft
 * (docs/adr/0019-drafts-of-live-content.md): saved whole, published or discarded.
 */
export const ModuleDraftSaved = defineEvent(
  'ModuleDraftSaved',
  z.object({ ...moduleRef, ...moduleDetailsSchema.shape }),
  withCheckReveals,
);
export const ModuleDraftDiscarded = defineEvent(
  'ModuleDraftDiscarded',
  z.object({ ...moduleRef, name: z.string() }),
);
/** The draft became the module's settings: what learners see from now on. */
export const ModuleChangesPublished = defineEvent(
  'ModuleChangesPublished',
  z.object({ ...moduleRef, ...moduleDetailsSchema.shape }),
  withCheckReveals,
);

export const moduleEventDefinitions = [
  ModuleCreated,
  ModuleUpdated,
  ModulePublished,
  ModuleUnpublished,
  ModuleDeleted,
  ModuleOwnerAdded,
  ModuleOwnerRemoved,
  ModulePagesOrdered,
  ModuleDraftSaved,
  ModuleDraftDiscarded,
  ModuleChangesPublished,
];

export type ModuleEvent =
  | EventOf<typeof ModuleCreated>
  | EventOf<typeof ModuleUpdated>
  | EventOf<typeof ModulePublished>
  | EventOf<typeof ModuleUnpublished>
  | EventOf<typeof ModuleDeleted>
  | EventOf<typeof ModuleOwnerAdded>
  | EventOf<typeof ModuleOwnerRemoved>
  | EventOf<typeof ModulePagesOrdered>
  | EventOf<typeof ModuleDraftSaved>
  | EventOf<typeof ModuleDraftDiscarded>
  | EventOf<typeof ModuleChangesPublished>
  | ModuleCertificateConfiguredEvent;

export const moduleStream = (moduleId: string) => `module-${moduleId}`;
