import { sql, type Transaction } from 'kysely';
import type { StoredEvent } from '../../events/store';
import { pageSummaries } from '../page/page-summaries';
import type { Projection } from '../projection';
import { moduleOwnersProjection } from './module-owners';
import { moduleSummaries } from './module-summaries';

/**
 * The position of the last event that changed what a learner's screens read of a module besides
 * their own answers: its summary, owners and pages. A process keeps that structure in memory and
 * checks this one number with every read (server/result/module-structures.ts), so a change made on
 * any instance reaches every instance's next request.
 */
export interface StructureVersionTables {
  structure_versions: { name: string; position: string };
}

const structureEvents = [
  ...new Set([...moduleSummaries.handles, ...moduleOwnersProjection.handles, ...pageSummaries.handles]),
];

async function apply(trx: Transaction<StructureVersionTables>, event: StoredEvent) {
  await sql`
    insert into structure_versions (name, position) values ('modules', ${event.position})
    on conflict (name) do update set position = greatest(structure_versions.position, excluded.position)`.execute(
    trx,
  );
}

export const structureVersions: Projection<StructureVersionTables> = {
  name: 'structure_versions',
  version: 1,
  tables: ['structure_versions'],
  handles: structureEvents,
  apply,
};
