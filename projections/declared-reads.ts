import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  Transaction,
  UnknownRow,
} from 'kysely';
import type { AnyProjection } from './projection';

/** A table named after these words in raw SQL (not a function call such as `from unnest(…)`). */
const rawTable = /\b(?:from|join|update|into)\s+([a-z_][a-z0-9_]*)\b(?!\s*\()/gi;
/** Words that follow those above without naming a table (`do update set`, `join lateral`). */
const keywords = new Set(['set', 'lateral', 'only', 'select']);
const rawCte = /\b([a-z_][a-z0-9_]*)\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi;

/** The tables a query names, in query-builder nodes and in raw SQL fragments alike; CTE names excluded. */
export function tablesNamed(root: unknown): Set<string> {
  const tables = new Set<string>();
  const ctes = new Set<string>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const each of node) visit(each);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.kind === 'CommonTableExpressionNameNode') {
      ctes.add((record.table as { table: { identifier: { name: string } } }).table.identifier.name);
      return;
    }
    if (record.kind === 'TableNode') {
      tables.add((record.table as { identifier: { name: string } }).identifier.name);
      return;
    }
    if (record.kind === 'RawNode') {
      for (const fragment of record.sqlFragments as string[]) {
        for (const match of fragment.matchAll(rawTable))
          if (!keywords.has(match[1]!.toLowerCase())) tables.add(match[1]!.toLowerCase());
        for (const match of fragment.matchAll(rawCte)) ctes.add(match[1]!.toLowerCase());
      }
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(root);
  for (const cte of ctes) tables.delete(cte);
  return tables;
}

export class UndeclaredReadError extends Error {}

/** Refuses, before it runs, a query of `projection` that names a table it neither owns nor declares. */
function declaredReadsOf(projection: AnyProjection): KyselyPlugin {
  const allowed = new Set([
    ...projection.tables,
    ...(projection.reads ?? []),
    ...(projection.readsBefore ?? []),
    ...(projection.readsSettled ?? []),
  ]);
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const undeclared = [...tablesNamed(node)].filter((table) => !allowed.has(table));
      if (undeclared.length > 0)
        throw new UndeclaredReadError(
          `Projection ${projection.name} uses ${undeclared.join(', ')} without declaring it in reads or readsBefore.`,
        );
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      result,
  };
}

let checking = false;

/** From now on, in this process, projections are held to the tables they own and declare (tests turn it on). */
export function checkDeclaredReads(on = true) {
  checking = on;
}

/** The transaction a projection applies events through: checked while checking is on, as is otherwise. */
// biome-ignore lint/suspicious/noExplicitAny: any projection, on any schema
export function transactionFor<T extends Transaction<any>>(trx: T, projection: AnyProjection): T {
  return checking ? (trx.withPlugin(declaredReadsOf(projection)) as T) : trx;
}
