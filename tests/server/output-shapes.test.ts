import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shapeOf } from '../../server/outputs';

describe('an output shaped from a stored schema', () => {
  const stored = z.object({
    name: z.string().trim().min(3).max(5),
    count: z.number().int().min(1),
    kind: z.enum(['a', 'b']),
    note: z.string().max(2).optional(),
    image: z.object({ alt: z.string().min(1) }).nullable(),
    tags: z.array(z.string().min(2)).default([]),
  });
  const output = shapeOf(stored);

  it('reads a row written under older, looser rules', () => {
    const row = { name: ' x ', count: 0.5, kind: 'a', note: 'longer', image: { alt: '' }, tags: ['t'] };
    expect(output.parse(row)).toEqual(row);
  });

  it('keeps what the values are: an enum, optional and nullable fields', () => {
    expect(output.safeParse({ name: 'n', count: 1, kind: 'c', image: null, tags: [] }).success).toBe(false);
    expect(output.parse({ name: 'n', count: 1, kind: 'b', image: null, tags: [] })).not.toHaveProperty(
      'note',
    );
    expect(output.safeParse({ name: 'n', count: 1, kind: 'b' }).success).toBe(false);
  });

  it('fills a field with a default when a row was stored before the field existed', () => {
    expect(output.parse({ name: 'n', count: 1, kind: 'b', image: null })).toEqual({
      name: 'n',
      count: 1,
      kind: 'b',
      image: null,
      tags: [],
    });
  });

  it('drops a field the schema does not name', () => {
    const row = { name: 'n', count: 1, kind: 'a', image: null, tags: [], secret: 'no' };
    expect(output.parse(row)).not.toHaveProperty('secret');
  });

  it('refuses a kind of schema it has no rule for, rather than answering it unchecked', () => {
    expect(() => shapeOf(z.object({ when: z.date() }))).toThrow(/No output shape for a date schema/);
  });
});
