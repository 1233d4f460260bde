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
