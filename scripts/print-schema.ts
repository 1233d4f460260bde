/**
 * Writes the GraphQL schema, printed and sorted, to schema.graphql (committed; a test compares it
 * with the running schema), formatted by Biome like every other file. `npm run print-schema`
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printedSchema } from '../server/graphql/schema';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'schema.graphql');
writeFileSync(target, printedSchema());
execFileSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', target], {
  stdio: 'ignore',
});
console.log(`wrote ${path.relative(process.cwd(), target)}`);
