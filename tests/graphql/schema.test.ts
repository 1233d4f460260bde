import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchema, lexicographicSortSchema, printSchema } from '../../server/graphql/graphql';
import { printedSchema } from '../../server/graphql/schema';

const printedSchemaOf = (sdl: string) => `${printSchema(lexicographicSortSchema(buildSchema(sdl)))}\n`;

describe('schema.graphql', () => {
  it('is the printed running schema (run `npm run print-schema` after changing the API)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    // Compared as printed by graphql, so Biome's formatting of the file does not count; every
    // type, field, argument and description does.
    expect(printedSchemaOf(committed)).toBe(printedSchema());
  });

  it('keeps the documented operation names', () => {
    const schema = printedSchema();
    for (const query of [
      'currentUser',
      'currentUserWithRules',
      'courses',
      'course',
      'users',
      'user',
      'usersCSV',
      'resultCSV',
      'roles',
      'role',
      'log',
    ])
      expect(schema).toMatch(new RegExp(`\\n  ${query}[(:]`));
    for (const mutation of [
      'createCourse',
      'updateCourse',
      'deleteCourse',
      'updateUser',
      'deleteUser',
      'addItemToUser',
      'removeItemFromUser',
      'createRole',
      'updateRole',
      'deleteByName',
      'updateLog',
      'updateResult',
    ])
      expect(schema).toMatch(new RegExp(`\\n  ${mutation}\\(`));
  });
});
