import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context';
import { RefusalsPlugin } from './errors';
import { type ValueNode, valueFromASTUntyped } from './graphql';

/**
 * The Pothos builder, configuration only: each feature file (course.ts, user.ts, role.ts, …)
 * defines its types with their queries and mutations; schema.ts assembles them.
 */
SchemaBuilder.registerPlugin('refusals', RefusalsPlugin);

// Output fields are non-null unless a field says `nullable: true`.
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}>({ plugins: ['refusals'], defaultFieldNullability: false });

builder.scalarType('JSON', {
  description: 'Free-form JSON: documents given to mutations (validated by the same schemas as the forms).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node: ValueNode, variables) => valueFromASTUntyped(node, variables ?? undefined),
});

builder.queryType({});
builder.mutationType({});
