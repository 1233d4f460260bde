import type { z } from 'zod';
import type { PersonalDataSpec } from './personal-data';

/** One event type: its name, the current schema version, the schema, and upcasters from older versions. */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  schemaVersion: number;
  schema: Schema;
  /** upcasters[n] turns data of schema version n into version n + 1. */
  upcasters: Record<number, (data: unknown) => unknown>;
  /** Fields holding a person's data, stored encrypted with that person's key. */
  personal: PersonalDataSpec | null;
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: {
    schemaVersion?: number;
    upcasters?: Record<number, (data: unknown) => unknown>;
    personal?: PersonalDataSpec;
  } = {},
): EventDefinition<Type, Schema> {
  return {
    type,
    schema,
    schemaVersion: options.schemaVersion ?? 1,
    upcasters: options.upcasters ?? {},
    personal: options.personal ?? null,
  };
}

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.output<S> } : never;
