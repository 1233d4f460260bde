import { describe, expect, it } from 'vitest';
import { declaredProcedureScopes, declaredRootFieldScopes } from '../../../server/api-client/scopes';
import { schema } from '../../../server/graphql/schema';
import { appRouter } from '../../../server/router';

const procedures = (
  appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' } }> } }
)._def.procedures;
const queries = schema.getQueryType()?.getFields() ?? {};
const mutations = schema.getMutationType()?.getFields() ?? {};

/**
 * The scope table names only what exists, and a scope's direction matches what it opens: a `:read`
 * scope only queries and Query fields, a `:write` scope only mutations and Mutation fields.
 */
describe('API client scopes', () => {
  it.each(declaredProcedureScopes())('tRPC %s (%s)', (path, scope) => {
    expect(procedures[path], `${path} is no procedure`).toBeDefined();
    expect(procedures[path]!._def.type).toBe(scope.endsWith(':read') ? 'query' : 'mutation');
  });

  it.each(declaredRootFieldScopes())('GraphQL %s (%s)', (field, scope) => {
    const reads = scope === 'public' || scope.endsWith(':read');
    expect(
      reads ? queries[field] : mutations[field],
      `${field} is no ${reads ? 'Query' : 'Mutation'} field`,
    ).toBeDefined();
  });
});
