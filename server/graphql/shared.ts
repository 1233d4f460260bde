import type { Image } from '../../events/shared/fields';
import { builder } from './builder';
import type { MutationAnswer } from './errors';

export const ImageType = builder.objectRef<Image>('Image').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    alt: t.exposeString('alt'),
  }),
});

/** What every mutation answers; the documented clients show `message` in an alert styled by `success`. */
export const MutationResponse = builder.interfaceRef<MutationAnswer>('MutationResponse').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    message: t.exposeString('message', { nullable: true }),
  }),
});

export const MutationResult = builder.objectRef<MutationAnswer>('MutationResult').implement({
  interfaces: [MutationResponse],
});
