import type { Plugin } from 'graphql-yoga';
import type { ApiScope } from '../../events/api-client/events';
import { nestedFieldScope, rootFieldScope, scopeAllows } from '../api-client/scopes';
import type { GraphQLContext } from './context';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from './graphql';

/**
 * The first field of the document an API client may not select, with the scope it would need
 * (undefined: people only): root fields by their declared scope, and below them every field that
 * names people or gives answers, whichever read led to it. Fragments count whether used or not.
 */
function firstRefused(
  schema: GraphQLSchema,
  document: DocumentNode,
  allowed: (scope: ApiScope | 'public' | undefined) => boolean,
): { field: string; scope: ApiScope | undefined } | null {
  const typeInfo = new TypeInfo(schema);
  const roots = new Set([schema.getQueryType(), schema.getMutationType()].filter(Boolean));
  let refused: { field: string; scope: ApiScope | undefined } | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (refused || node.name.value.startsWith('__')) return;
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field) return;
        const scope = roots.has(parent as never)
          ? rootFieldScope(field.name)
          : (nestedFieldScope({
              typeName: getNamedType(field.type).name,
              takesUser: field.args.some((arg) => arg.name === 'user'),
            }) ?? 'public');
        if (!allowed(scope))
          refused = { field: `${parent.name}.${field.name}`, scope: scope === 'public' ? undefined : scope };
      },
    }),
  );
  return refused;
}

/** API clients select only what their scopes open (server/api-client/scopes.ts); people are not affected. */
export const clientScopesPlugin: Plugin<GraphQLContext> = {
  onExecute({ args, setResultAndStopExecution }) {
    const actor = (args.contextValue as GraphQLContext).actor;
    if (!actor?.client) return;
    const refused = firstRefused(args.schema, args.document, (scope) => scopeAllows(actor, scope));
    if (!refused) return;
    const message = refused.scope
      ? `This API client lacks the scope “${refused.scope}” that “${refused.field}” needs.`
      : `“${refused.field}” is for people only, not for API clients.`;
    setResultAndStopExecution({
      data: null,
      errors: [
        new GraphQLError(message, { extensions: { code: 'FORBIDDEN', scope: refused.scope ?? null } }),
      ],
    });
  },
};
