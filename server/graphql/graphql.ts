/**
 * The one `graphql` this server uses. graphql 16 ships a CommonJS copy (index.js) and an ES module
 * copy (index.mjs); Node, yoga and Pothos load index.js, while Vite (vitest) would hand our own
 * files index.mjs. Two copies break `instanceof GraphQLError` (a refusal would be masked as
 * "Unexpected error.") and printing the schema, so everything here imports graphql through this file.
 */
export {
  type ASTVisitor,
  buildSchema,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  Kind,
  lexicographicSortSchema,
  NoSchemaIntrospectionCustomRule,
  printSchema,
  type SelectionSetNode,
  TypeInfo,
  type ValidationContext,
  type ValueNode,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
} from 'graphql/index.js';
