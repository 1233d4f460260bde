import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The empty data folder the server bundle carries (scripts/pgdata-template.mjs), when this module
 * runs from the bundle: `dist/server/pgdata-template` beside `main.mjs`. Run from the sources (tsx,
 * tests) or as the single executable there is none, and PGlite runs initdb as before.
 */
export function bundledPgdataTemplate(entryUrl: string): string | undefined {
  if (!entryUrl.startsWith('file:')) return undefined;
  const template = path.join(path.dirname(fileURLToPath(entryUrl)), 'pgdata-template');
  return fs.existsSync(path.join(template, 'PG_VERSION')) ? template : undefined;
}

/**
 * A fresh data folder starts as a copy of the template: copied beside, then renamed into place, so
 * a start cut short leaves either no folder or a whole one. A failed copy is only a slower start:
 * PGlite then runs initdb itself.
 */
export async function copyPgdataTemplate(template: string, pgdata: string): Promise<boolean> {
  // Only into a folder that is not there at all: a partial one is left to PGlite as before.
  if (fs.existsSync(pgdata)) return false;
  const temporary = `${pgdata}.copying`;
  try {
    await fs.promises.rm(temporary, { recursive: true, force: true });
    await fs.promises.cp(template, temporary, { recursive: true });
    await fs.promises.rename(temporary, pgdata);
    return true;
  } catch {
    await fs.promises.rm(temporary, { recursive: true, force: true }).catch(() => {});
    return false;
  }
}
