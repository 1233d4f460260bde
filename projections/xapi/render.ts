import type { ActivityObject, StoredStatement } from './build';

/** The xAPI version every statement is written in. */
export const XAPI_VERSION = '1.0.3';

/** A statement row as the API and the LRS get it. */
export interface StatementRow {
  body: unknown;
  stored: Date;
}

/**
 * A stored statement made whole: its platform paths become IRIs under `publicUrl`, the actor's
 * account gets the platform as its homePage, and `stored` and `version` are added.
 */
export function renderStatement(row: StatementRow, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const statement = row.body as StoredStatement;
  const activity = (object: ActivityObject): ActivityObject => ({ ...object, id: base + object.id });
  return {
    ...statement,
    actor: { ...statement.actor, account: { homePage: base, name: statement.actor.account.name } },
    object: statement.object.objectType === 'Activity' ? activity(statement.object) : statement.object,
    ...(statement.context
      ? {
          context: {
            contextActivities: { parent: statement.context.contextActivities.parent.map(activity) },
          },
        }
      : {}),
    stored: new Date(row.stored).toISOString(),
    version: XAPI_VERSION,
  };
}

export type RenderedStatement = ReturnType<typeof renderStatement>;
