import type { Image } from '../../events/shared/fields';
import { builder } from './builder';
import type { FieldError, MutationAnswer } from './errors';

export const ImageType = builder.objectRef<Image>('Image').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    alt: t.exposeString('alt'),
  }),
});

const FieldErrorType = builder.objectRef<FieldError>('FieldError').implement({
  description:
    'A refused field: its path (fields of `doc` named from its root, e.g. `name`, `elements.0.question`) and a translated message.',
  fields: (t) => ({
    path: t.exposeString('path'),
    message: t.exposeString('message'),
  }),
});

/** The untyped and the typed document argument of the create and update mutations. */
export const docDescription =
  "The document as free-form JSON (the contract's argument, kept for existing clients). Send it or `input`, not both.";
export const typedDescriptionBeside = (untyped: string) =>
  `The document, typed: generated from the schema the server validates it with. Send it or \`${untyped}\`, not both.`;
export const typedDescription = typedDescriptionBeside('doc');

/** What every mutation answers; the documented clients show `message` in an alert styled by `success`. */
export const MutationResponse = builder.interfaceRef<MutationAnswer>('MutationResponse').implement({
  fields: (t) => ({
    // Set on every mutation's answer by the refusals plugin (errors.ts).
    success: t.boolean({ resolve: (answer) => answer.success === true }),
    message: t.string({ nullable: true, resolve: (answer) => answer.message ?? null }),
    fields: t.field({
      type: [FieldErrorType],
      description:
        'The refused fields when `success` is false (empty on success, or when no field is at fault).',
      resolve: (answer) => answer.fields ?? [],
    }),
  }),
});

export const MutationResult = builder.objectRef<MutationAnswer>('MutationResult').implement({
  interfaces: [MutationResponse],
});
