import type { z } from 'zod';

/** One event type: its name, the current schema version, the schema, and upcasters from older versions. */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  schemaVersion: number;
  schema: Schema;
  /** upcasters[n] turns data of schema version n into version n + 1. */
  upcasters: Record<number, (data: unknown) => unknown>;
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { schemaVersion?: number; upcasters?: Record<number, (data: unknown) => unknown> } = {},
): EventDefinition<Type, Schema> {
  return { type, schema, schemaVersion: options.schemaVersion ?? 1, upcasters: options.upcasters ?? {} };
}

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.output<S> } : never;
