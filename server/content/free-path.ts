import { sql, type Transaction } from 'kysely';
import { invalid } from '../../events/errors';
import { slugify } from '../../events/shared/fields';
import type { Database } from '../db';
import type { Db } from '../db/tables';

/**
 * The path a new item asks for. One its author typed is theirs to choose: taken, it is refused at the
 * field rather than quietly changed, since links and integrations are built on it. One made from the
 * name (or a copy's original path) takes the first free variant.
 */
export interface WantedPath {
  path: string;
  typed: boolean;
}

export const typedOrFromName = (typed: string | undefined, name: string): WantedPath =>
  typed === undefined ? { path: slugify(name), typed: false } : { path: typed, typed: true };

export const derivedFrom = (path: string): WantedPath => ({ path, typed: false });

type Kind = 'course' | 'section' | 'module' | 'page';

/** The wanted path, else (when not typed) slug-2, slug-3, … */
export async function freePath(
  trx: Transaction<Database>,
  kind: Kind,
  wanted: WantedPath,
  pathsStartingWith: (db: Db, prefix: string) => Promise<string[]>,
): Promise<string> {
  // Serialises creation of one kind on PostgreSQL so two creators cannot pick the same path.
  await sql`select pg_advisory_xact_lock(hashtext(${`${kind}-path`}))`.execute(trx);
  const taken = new Set(await pathsStartingWith(trx, wanted.path));
  if (!taken.has(wanted.path)) return wanted.path;
  if (wanted.typed) throw invalid('errors.invalidInput', [{ path: 'path', key: 'validation.pathTaken' }]);
  for (let n = 2; ; n++) if (!taken.has(`${wanted.path}-${n}`)) return `${wanted.path}-${n}`;
}
