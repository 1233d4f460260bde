/** The xAPI version every statement is written in. */
export const XAPI_VERSION = '1.0.3';

/** A row of xapi_statements (projections/xapi/statements.ts) as far as rendering needs it. */
export interface StatementRow {
  body: unknown;
  stored: Date | string;
}

interface Activity {
  objectType: 'Activity';
  id: string;
}

/** The stored form: platform activities as paths, the actor's account without its homePage. */
interface StoredForm {
  id: string;
  actor: { objectType: 'Agent'; account: { name: string } };
  object: Activity | { objectType: 'StatementRef'; id: string };
  context?: { contextActivities: Partial<Record<'parent' | 'grouping', Activity[]>> };
}

/**
 * A stored statement made whole: its platform paths become IRIs under `publicUrl`, the actor's
 * account gets the platform as its homePage, and `stored` and `version` are added. The API and the
 * LRS push both answer with it, so an integrator sees the same statement either way.
 */
export function renderStatement(row: StatementRow, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const statement = row.body as StoredForm;
  const activity = <A extends Activity>(object: A): A => ({ ...object, id: base + object.id });
  return {
    ...statement,
    actor: { ...statement.actor, account: { homePage: base, name: statement.actor.account.name } },
    object: statement.object.objectType === 'Activity' ? activity(statement.object) : statement.object,
    ...(statement.context
      ? {
          context: {
            contextActivities: Object.fromEntries(
              Object.entries(statement.context.contextActivities).map(([kind, activities]) => [
                kind,
                (activities ?? []).map(activity),
              ]),
            ),
          },
        }
      : {}),
    stored: new Date(row.stored).toISOString(),
    version: XAPI_VERSION,
  };
}

export type RenderedStatement = ReturnType<typeof renderStatement>;
