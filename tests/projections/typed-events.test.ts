import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EventData, StoredOf } from '../../events/event-types';
import type { Projection } from '../../projections/projection';

/**
 * Checked by the type checker (`npm run typecheck`): a projection reads its events' data as their
 * schemas give it, and naming an event it does not handle is a compile error, not a silent no-op.
 */
describe('projections typed by the events they handle', () => {
  it('narrows the data by the event type', () => {
    const seen = (event: StoredOf<'CourseDeleted' | 'ItemSeen'>) =>
      event.type === 'ItemSeen' ? event.data : null;
    expectTypeOf(seen).returns.toEqualTypeOf<EventData<'ItemSeen'> | null>();
    expectTypeOf<EventData<'CourseDeleted'>>().toHaveProperty('path');
  });

  it('refuses a case for an event the projection does not handle, and a type it does not handle', () => {
    const probe: Projection<{ probe: { path: string } }, 'CourseDeleted'> = {
      name: 'probe',
      tables: ['probe'],
      handles: ['CourseDeleted'],
      async apply(trx, event) {
        // @ts-expect-error: ItemSeen is not among the handled types, so the comparison cannot hold.
        if (event.type === 'ItemSeen') return;
        await trx.deleteFrom('probe').where('path', '=', event.data.path).execute();
      },
    };
    // @ts-expect-error: only the handled types may be named.
    const unknown: Projection<{ probe: { path: string } }, 'CourseDeleted'>['handles'] = ['NoSuchEvent'];
    expect(probe.handles).toEqual(['CourseDeleted']);
    expect(unknown).toHaveLength(1);
  });
});
