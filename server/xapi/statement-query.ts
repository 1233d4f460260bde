import { z } from 'zod';

export const MAX_STATEMENTS_PER_PAGE = 500;

const timestamp = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date and time with a time zone',
});
const iri = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) IRI' }).max(2000);
const flag = z.enum(['true', 'false'], { message: 'must be true or false' }).optional();
const uuid = z.uuid({ message: 'must be a UUID' });

/** An Agent or identified Group as xAPI's `agent` parameter gives it: JSON with exactly one identifier. */
const agentSchema = z
  .string()
  .max(2000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be an Agent as JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object({
        objectType: z.enum(['Agent', 'Group']).optional(),
        mbox: z.string().optional(),
        mbox_sha1sum: z.string().optional(),
        openid: z.string().optional(),
        account: z.object({ homePage: z.string(), name: z.string() }).optional(),
      })
      .refine(
        (agent) =>
          [agent.mbox, agent.mbox_sha1sum, agent.openid, agent.account].filter((part) => part !== undefined)
            .length === 1,
        'must name exactly one of mbox, mbox_sha1sum, openid or account',
      ),
  );

/** Parameters that only a list takes: with `statementId` or `voidedStatementId` they are refused. */
const listOnly = [
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'ascending',
  'cursor',
] as const;

/**
 * The query of GET /xapi/statements (xAPI 1.0.3, Part Three 2.1.3): one statement by `statementId` or
 * `voidedStatementId`, or a filtered list. Anything else, or a parameter given twice, is refused.
 */
export const statementQuerySchema = z
  .strictObject({
    statementId: uuid.optional(),
    voidedStatementId: uuid.optional(),
    agent: agentSchema.optional(),
    verb: iri.optional(),
    activity: iri.optional(),
    registration: uuid.optional(),
    related_activities: flag,
    related_agents: flag,
    since: timestamp.optional(),
    until: timestamp.optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, `must be a whole number from 0 to ${MAX_STATEMENTS_PER_PAGE}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .max(MAX_STATEMENTS_PER_PAGE, `must be a whole number from 0 to ${MAX_STATEMENTS_PER_PAGE}`),
      )
      .optional(),
    format: z.enum(['ids', 'exact', 'canonical'], { message: 'must be ids, exact or canonical' }).optional(),
    attachments: flag,
    ascending: flag,
    /** Where the previous page ended; only ever taken from a `more` address. */
    cursor: z
      .string()
      .regex(/^\d{1,19}\.\d{1,9}$/, 'must be taken from a "more" address')
      .optional(),
  })
  .refine((query) => !(query.statementId && query.voidedStatementId), {
    path: ['voidedStatementId'],
    message: 'cannot be given with statementId',
  })
  .superRefine((query, context) => {
    if (!query.statementId && !query.voidedStatementId) return;
    for (const name of listOnly)
      if (query[name] !== undefined)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'cannot be given with statementId or voidedStatementId',
        });
  })
  .refine((query) => !(query.since && query.until && Date.parse(query.since) >= Date.parse(query.until)), {
    path: ['since'],
    message: 'must be earlier than until',
  });

export type StatementQuery = z.output<typeof statementQuerySchema>;
