import { builder } from './builder';

/** A document linked to a course or section (spec section 3); the `files` query arrives with files. */
export const FileType = builder
  .objectRef<{ path: string; name: string; url: string; type: string }>('File')
  .implement({
    fields: (t) => ({
      path: t.exposeString('path'),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
      type: t.exposeString('type'),
    }),
  });
