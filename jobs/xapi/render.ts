/** The xAPI version every statement is written in. */
export const XAPI_VERSION = '1.0.3';

/** A row of xapi_statements (projections/xapi/statements.ts) as far as rendering needs it. */
export interface StatementRow {
  body: unknown;
  stored: Date | string;
}

/**
 * A statement as the API and the LRS push answer with it: as the table keeps it (its IRIs those it
 * was made with), with `stored` and `version` added, so an integrator sees the same statement either way.
 */
export function renderStatement(row: StatementRow) {
  return {
    ...(row.body as { id: string }),
    stored: new Date(row.stored).toISOString(),
    version: XAPI_VERSION,
  };
}

export type RenderedStatement = ReturnType<typeof renderStatement>;
