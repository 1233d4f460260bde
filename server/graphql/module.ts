import { builder } from './builder';

/**
 * A module as courses and users list it. Only the identifying fields exist until content authoring
 * lands; that feature adds the spec section 3 fields and the `module`/`modules` queries here.
 */
export const ModuleType = builder.objectRef<{ path: string; name: string }>('Module').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
  }),
});
