import { builder } from './builder';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from './graphql';
// Each feature file adds its types, queries and mutations to the builder when imported.
import './certificate';
import './course';
import './file';
import './link';
import './module';
import './page';
import './result';
import './role';
import './section';
import './tracking';
import './translation';
import './user';

export const schema: GraphQLSchema = builder.toSchema();

/** The schema as committed in schema.graphql (sorted, so the file changes only when the API does). */
export const printedSchema = (): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
