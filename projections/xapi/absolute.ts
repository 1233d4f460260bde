import type { ActivityObject, StoredStatement } from './build';

/** The IRI base of statements whose events come before any base was fixed (tests without a start). */
const UNFIXED_BASE = 'http://localhost';

export interface XapiBase {
  from: string;
  base: string;
}

/** The base in effect at a position of the log: the latest fixed at or before it. */
export function baseAt(bases: readonly XapiBase[], position: number | string): string {
  let found = bases[0]?.base ?? UNFIXED_BASE;
  for (const entry of bases) if (BigInt(entry.from) <= BigInt(position)) found = entry.base;
  return found;
}

/**
 * A statement with its platform paths made IRIs under `base` and the platform as its actor's
 * homePage: what the table keeps, so the API and the LRS push answer with the IRIs it was made with.
 */
export function absolute<S extends Omit<StoredStatement, 'id'>>(statement: S, base: string): S {
  const activity = (object: ActivityObject): ActivityObject => ({ ...object, id: base + object.id });
  const context = statement.context?.contextActivities;
  return {
    ...statement,
    actor: { ...statement.actor, account: { homePage: base, name: statement.actor.account.name } },
    object: statement.object.objectType === 'Activity' ? activity(statement.object) : statement.object,
    ...(context
      ? {
          context: {
            contextActivities: Object.fromEntries(
              Object.entries(context).map(([kind, activities]) => [kind, (activities ?? []).map(activity)]),
            ),
          },
        }
      : {}),
  };
}
