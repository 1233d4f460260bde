import { z } from 'zod';
import type { CertificateConfig } from '../certificate/config';
import { imageInputSchema, languageSchema, optionalText, pathSchema, requiredText } from '../shared/fields';
import { checkRevealsOptions, gateOptions, type ModuleDetails, randomizeOptions } from './events';

/**
 * The module form (docs/guide/modules-and-pages.md), shared by the admin form and the server. A normal
 * module shuffles nothing and shows its pages with names: the transform empties randomized and
 * clears anonymousPages, so the stored state never contradicts the kind. Gating a test is refused.
 */
export const moduleInputSchema = z
  .object({
    name: requiredText(200),
    language: languageSchema,
    info: optionalText(20_000).default(''),
    originId: z.string().nullable().default(null),
    public: z.boolean().default(true),
    onHome: z.boolean().default(false),
    showCorrect: z.boolean().default(false),
    test: z.boolean().default(false),
    anonymousPages: z.boolean().default(false),
    randomized: z.array(z.enum(randomizeOptions)).max(3).default([]),
    gateProgress: z.boolean().default(false),
    gateConfig: z.array(z.enum(gateOptions)).max(1).default([]),
    image: imageInputSchema.nullable().default(null),
    // An integrator that does not send it keeps what checks did before the setting: reveal nothing.
    checkReveals: z.enum(checkRevealsOptions).default('nothing'),
  })
  .refine((module) => !(module.test && module.gateProgress), {
    path: ['gateProgress'],
    message: 'module.gateWithTest',
  })
  .transform(
    (module): ModuleDetails => ({
      ...module,
      randomized: module.test ? [...new Set(module.randomized)] : [],
      anonymousPages: module.test ? module.anonymousPages : false,
      gateConfig: module.gateProgress ? [...new Set(module.gateConfig)] : [],
    }),
  );
export type ModuleInput = z.input<typeof moduleInputSchema>;

/** A new module: published unless `published` is false. */
export const createModuleSchema = z.object({
  path: pathSchema.optional(),
  published: z.boolean().optional(),
  module: moduleInputSchema,
});
export const updateModuleSchema = z.object({ path: pathSchema, module: moduleInputSchema });
export const modulePathSchema = z.object({ path: pathSchema });
export const orderPagesSchema = z.object({ path: pathSchema, pages: z.array(pathSchema).max(1000) });
export const moduleOwnerSchema = z.object({ path: pathSchema, userId: z.string().min(1).max(200) });

export type ModuleCommand =
  | {
      type: 'CreateModule';
      data: {
        moduleId: string;
        path: string;
        details: ModuleDetails;
        ownerId: string | null;
        /** Left out: published, as every new module is by default. */
        published?: boolean;
      };
    }
  /** With `published`, the publication changes in the same decision (one batch of events). */
  | { type: 'UpdateModule'; data: { details: ModuleDetails; published?: boolean } }
  | { type: 'SaveModuleDraft'; data: { details: ModuleDetails } }
  | { type: 'DiscardModuleDraft' }
  | { type: 'PublishModuleChanges' }
  | { type: 'PublishModule' }
  | { type: 'UnpublishModule' }
  | { type: 'DeleteModule' }
  | { type: 'AddModuleOwner'; data: { userId: string } }
  | { type: 'RemoveModuleOwner'; data: { userId: string } }
  | { type: 'OrderPages'; data: { pages: string[] } }
  | { type: 'ConfigureModuleCertificate'; data: { config: CertificateConfig } };
