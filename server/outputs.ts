import { z } from 'zod';
import { type RoleAction, roleActions } from '../events/permissions';
import { languageSchema } from '../events/shared/fields';

/**
 * Output schemas shared by several routers. A procedure's `.output()` states what its callers
 * receive: an object schema drops any key it does not name, so nothing a query row happens to carry
 * reaches a caller unless declared here. Dates travel as ISO strings.
 */

/** A mutation that answers only that it ran. */
export const successOutput = z.object({ success: z.boolean() });

export const imageOutput = z.object({ name: z.string(), alt: z.string() }).nullable();

export { languageSchema as languageOutput };

/** What an output declares of a stored schema: the same output type, read and answered as it is. */
type Shaped<T extends z.ZodType> = z.ZodType<z.output<T>, z.output<T>>;

/**
 * The shape of an event's or a command's schema without its write-time rules (lengths, formats,
 * trimming, refinements): what an output declares of the same fields, so a field added to
 * the event is answered too, and a row written under older rules still reads.
 */
export function shapeOf<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
): z.ZodObject<{ [K in keyof S]: S[K] extends z.ZodType ? Shaped<S[K]> : never }>;
export function shapeOf<T extends z.ZodType>(schema: T): Shaped<T>;
export function shapeOf(schema: z.core.$ZodType): z.ZodType {
  return bare(schema);
}

function bare(schema: z.core.$ZodType): z.ZodType {
  if (schema instanceof z.core.$ZodString) return z.string();
  if (schema instanceof z.core.$ZodNumber) return z.number();
  if (schema instanceof z.core.$ZodBoolean) return z.boolean();
  // The values are the shape: an enum or a literal has no write-time rule besides them.
  if (schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) return schema;
  if (schema instanceof z.ZodNullable) return bare(schema.unwrap()).nullable();
  if (schema instanceof z.ZodOptional) return bare(schema.unwrap()).optional();
  // A default fills a missing field when written, and when read: what was stored before the field
  // existed reads with it.
  if (schema instanceof z.ZodDefault) return bare(schema.unwrap()).default(schema.def.defaultValue as never);
  if (schema instanceof z.ZodPrefault) return bare(schema.unwrap());
  if (schema instanceof z.ZodArray) return z.array(bare(schema.element));
  if (schema instanceof z.ZodObject) {
    return z.object(
      Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, bare(field)])),
    );
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return z.discriminatedUnion(
      schema.def.discriminator,
      schema.options.map((option) => bare(option)) as never,
    );
  }
  if (schema instanceof z.ZodUnion) return z.union(schema.options.map((option) => bare(option)) as never);
  throw new Error(`No output shape for a ${schema._zod.def.type} schema`);
}

/** A course, module or file named by path, as lists of translations and links show it. */
export const namedItemOutput = z.object({ path: z.string(), name: z.string(), language: languageSchema });

/** Who may be named as an owner or teacher: name, id and address. */
export const personOutput = z.object({ name: z.string(), userId: z.string(), email: z.string() });

/** One readable entry of an item's change history (server/history.ts). */
export const historyEntryOutput = z.object({
  version: z.number(),
  type: z.string(),
  actorId: z.string().nullable(),
  at: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  item: z.string().nullable(),
  personId: z.string().nullable(),
  target: z
    .object({ kind: z.enum(['course', 'module', 'file']), path: z.string(), name: z.string().nullable() })
    .nullable(),
  order: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).nullable(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
  people: z.record(z.string(), z.string()),
});

/** A history read straight from a stream, with each event's data (users and roles). */
export const historyWithDataOutput = historyEntryOutput.extend({ data: z.record(z.string(), z.unknown()) });

/** What each role action allows (a role's actions, or a person's merged rules). */
export const rulesOutput = z.object(
  Object.fromEntries(roleActions.map((action) => [action, z.boolean()])) as {
    [K in RoleAction]: z.ZodBoolean;
  },
);
