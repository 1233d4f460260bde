import SchemaBuilder from '@pothos/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lexicographicSortSchema, printSchema } from '../../server/graphql/graphql';
import { ZodInputs } from '../../server/graphql/zod-input';

/**
 * The typed inputs are read from zod's public JSON Schema output: this pins the mapping rule by
 * rule on a form that has every kind of field the commands use, so a zod release that writes its
 * JSON Schema differently fails here, named, rather than changing the published schema unseen.
 */
describe('GraphQL inputs from zod schemas', () => {
  const date = z.union([z.iso.date(), z.iso.datetime()]);
  const image = z.object({ name: z.string().min(1), alt: z.string() });
  const shared = z.object({ note: z.string() });
  const part = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('a'), size: z.number().int(), label: z.string(), extra: shared }),
    z.object({
      kind: z.literal('b'),
      ratio: z.number(),
      label: z.string(),
      mode: z.enum(['x', 'y']),
      image: image.nullable(),
      extra: shared.optional(),
    }),
  ]);
  const form = z
    .object({
      name: z.string().min(1),
      language: z.enum(['nl', 'fr', 'en']),
      count: z.number().int().default(0),
      ratio: z.number().optional(),
      on: z.boolean(),
      startdate: date.nullable().default(null),
      image: image.nullable().default(null),
      cover: image.optional(),
      tags: z.array(z.string()).max(3),
      grid: z.array(z.array(z.string())),
      scores: z.record(z.string(), z.number()),
      parts: z.array(part),
      slug: z.string().transform((text) => text.toLowerCase()),
      first: shared,
      second: shared,
    })
    .refine((value) => value.name !== value.slug);

  function printed() {
    const builder = new SchemaBuilder<{ Scalars: { JSON: { Input: unknown; Output: unknown } } }>({});
    builder.scalarType('JSON', { serialize: (value) => value, parseValue: (value) => value });
    const inputs = new ZodInputs(
      new Map<z.core.$ZodType, string>([
        [image, 'ImageInput'],
        [part, 'PartInput'],
      ]),
      new Map([[part, 'A note on parts.']]),
      builder as never,
    );
    const created = inputs.object('FormInput', form, { extra: { path: z.string().optional() } });
    const changed = inputs.object('FormUpdateInput', form, { partial: true, description: 'What changes.' });
    builder.queryType({
      fields: (t) => ({
        echo: t.boolean({
          args: { input: t.arg({ type: created, required: true }), update: t.arg({ type: changed }) },
          resolve: () => true,
        }),
      }),
    });
    return printSchema(lexicographicSortSchema(builder.toSchema()));
  }

  /** The definition of one input type, with its description. */
  const block = (sdl: string, name: string) =>
    sdl.match(new RegExp(`(?:"""(?:(?!""")[^])*"""\\n)?input ${name} \\{[^}]*\\}`))?.[0];

  it('maps scalars, optionality, lists, records, transforms and named nested objects', () => {
    const sdl = printed();
    expect(block(sdl, 'FormInput')).toBe(`input FormInput {
  count: Int
  cover: ImageInput
  first: PartExtraInput!
  grid: JSON!
  image: ImageInput

  """One of: nl, fr, en."""
  language: String!
  name: String!
  on: Boolean!
  parts: [PartInput!]!
  path: String
  ratio: Float
  scores: JSON!
  second: PartExtraInput!
  slug: String!
  startdate: String
  tags: [String!]!
}`);
    expect(block(sdl, 'ImageInput')).toBe('input ImageInput {\n  alt: String!\n  name: String!\n}');
    // A part used twice in one input is one type, named where it is met first; another input gets
    // its own (name it in `names` to share it).
    expect(block(sdl, 'PartExtraInput')).toBe('input PartExtraInput {\n  note: String!\n}');
    expect(block(sdl, 'FormUpdateFirstInput')).toBe('input FormUpdateFirstInput {\n  note: String!\n}');
    expect(block(sdl, 'FormUpdateInput')).toContain(
      '"""What changes."""\ninput FormUpdateInput {\n  count: Int\n',
    );
    expect(block(sdl, 'FormUpdateInput')).toContain('  name: String\n');
    // Every field optional; a list keeps its non-null items.
    expect(block(sdl, 'FormUpdateInput')).not.toMatch(/!\n/);
    expect(block(sdl, 'FormUpdateInput')).toContain('  parts: [PartInput!]\n');
  });

  it('maps a discriminated union to one tagged input', () => {
    expect(
      block(printed(), 'PartInput'),
    ).toBe(`"""Tagged by \`kind\`; validated as the variant it names. A note on parts."""
input PartInput {
  extra: PartExtraInput
  image: ImageInput

  """The kind: a, b. The other fields are those of that kind."""
  kind: String!
  label: String!

  """By kind, one of: x, y."""
  mode: String
  ratio: Float
  size: Int
}`);
  });
});
