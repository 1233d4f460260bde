import pgTypes from 'pg-types';

const { builtins } = pgTypes;

/**
 * One set of column parsers for both drivers, so a row reads the same from PGlite and from `pg`.
 * bigint becomes a number: event positions and counters stay far below 2^53.
 */
const overrides: Partial<Record<number, (value: string) => unknown>> = {
  [builtins.INT8]: (value) => Number(value),
};

function parseColumn(oid: number, value: string): unknown {
  const override = overrides[oid];
  if (override) return override(value);
  return pgTypes.getTypeParser(oid, 'text')(value);
}

export function pgTypeOverrides() {
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      format === 'binary' ? pgTypes.getTypeParser(oid, 'binary') : (value: string) => parseColumn(oid, value),
  };
}

export function pgliteParsers(): Record<number, (value: string) => unknown> {
  const parsers: Record<number, (value: string) => unknown> = {};
  for (const oid of Object.values(builtins)) {
    if (typeof oid === 'number') parsers[oid] = (value) => parseColumn(oid, value);
  }
  return parsers;
}
