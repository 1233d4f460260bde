import { builder } from './builder';

/**
 * A course section. Only the identifying fields so far; the facade's sections increment adds the
 * spec section 3 fields (classroom included), `section(path)` and the section mutations here.
 */
export const SectionType = builder.objectRef<{ path: string; name: string }>('Section').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
  }),
});
