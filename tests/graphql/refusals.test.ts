import SchemaBuilder from '@pothos/core';
import { graphql } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forbidden } from '../../events/errors';
import '../../server/graphql/builder';
import type { GraphQLContext } from '../../server/graphql/context';

/**
 * The refusals plugin maps errors once for every field of the schema: a mutation answers
 * `{ success, message, fields }` with the message its `success` option names, any other field turns a
 * refusal into a translated error with a code, whether it throws at once or after waiting.
 */
describe('the refusals plugin', () => {
  const context = { language: async () => 'en', log: { error: () => {} } } as unknown as GraphQLContext;

  function schemaWith(mutationSuccess: string | undefined) {
    const builder = new SchemaBuilder<{ Context: GraphQLContext }>({ plugins: ['refusals'] });
    const Answer = builder.objectRef<{ success?: boolean; message?: string | null }>('Answer').implement({
      fields: (t) => ({
        success: t.boolean({ resolve: (answer) => answer.success === true }),
        message: t.string({ nullable: true, resolve: (answer) => answer.message ?? null }),
      }),
    });
    builder.queryType({
      fields: (t) => ({
        now: t.string({
          resolve: () => {
            throw forbidden();
          },
        }),
        later: t.string({ resolve: async () => Promise.reject(forbidden()) }),
        plain: t.string({ resolve: () => 'plain' }),
      }),
    });
    builder.mutationType({
      fields: (t) => ({
        create: t.field({
          type: Answer,
          args: { name: t.arg.string() },
          success: mutationSuccess as 'courseCreated',
          resolve: (_root, args) => {
            z.object({ name: z.string().min(1, 'validation.required') }).parse(args);
            return {};
          },
        }),
      }),
    });
    return builder.toSchema();
  }

  it('refuses to build a schema with a mutation that names no success message', () => {
    expect(() => schemaWith(undefined)).toThrow(/mutation create names no success message/);
  });

  it('turns refusals into translated errors with a code, and leaves plain fields alone', async () => {
    const schema = schemaWith('courseCreated');
    for (const field of ['now', 'later']) {
      const result = await graphql({ schema, source: `{ ${field} }`, contextValue: context });
      expect(result.errors?.[0]?.message).toBe('You are not allowed to do this.');
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    }
    expect(await graphql({ schema, source: '{ plain }', contextValue: context })).toEqual({
      data: { plain: 'plain' },
    });
  });

  it('answers a mutation with success and its message, or a refusal', async () => {
    const schema = schemaWith('courseCreated');
    const run = (name: string) =>
      graphql({
        schema,
        source: 'mutation ($name: String) { create(name: $name) { success message } }',
        variableValues: { name },
        contextValue: context,
      });
    expect((await run('A course')).data).toEqual({
      create: { success: true, message: 'The course is created.' },
    });
    expect((await run('')).data).toEqual({ create: { success: false, message: expect.any(String) } });
  });
});
