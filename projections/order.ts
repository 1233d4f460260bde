import type { AnyProjection } from './projection';

/**
 * Puts projections in the order their declared reads need: after the owners of the tables they read
 * as they stand after an event (`reads`), before the owners of those they read as they stood before
 * it (`readsBefore`); otherwise as listed. A table read that no projection owns, a table owned twice
 * or a cycle is refused at start.
 */
export function inReadOrder<P extends AnyProjection>(listed: readonly P[]): P[] {
  const owners = new Map<string, P>();
  for (const projection of listed)
    for (const table of projection.tables) {
      const other = owners.get(table);
      if (other) throw new Error(`Table ${table} is written by both ${other.name} and ${projection.name}.`);
      owners.set(table, projection);
    }
  const ownerOf = (projection: P, table: string) => {
    const owner = owners.get(table);
    if (!owner) throw new Error(`Projection ${projection.name} reads ${table}, which no projection writes.`);
    return owner;
  };
  const before = new Map<P, Set<P>>(listed.map((projection) => [projection, new Set<P>()]));
  for (const projection of listed) {
    for (const table of projection.reads ?? []) {
      const owner = ownerOf(projection, table);
      if (owner !== projection) before.get(projection)!.add(owner);
    }
    for (const table of projection.readsBefore ?? []) {
      const owner = ownerOf(projection, table);
      if (owner !== projection) before.get(owner)!.add(projection);
    }
  }
  const ordered: P[] = [];
  const placed = new Set<P>();
  while (ordered.length < listed.length) {
    const next = listed.find(
      (projection) =>
        !placed.has(projection) && [...before.get(projection)!].every((each) => placed.has(each)),
    );
    if (!next) {
      const stuck = listed
        .filter((projection) => !placed.has(projection))
        .map((projection) => projection.name);
      throw new Error(`Projections ${stuck.join(', ')} read each other's tables in a cycle.`);
    }
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}
