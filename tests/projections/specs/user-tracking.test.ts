import { describe, it } from 'vitest';
import { userTrackingProjection } from '../../../projections/tracking/user-tracking';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';
import { aUser } from './fixtures';

describe.each(databaseKinds)('user_tracking on %s', (kind) => {
  const spec = projectionSpec(userTrackingProjection, kind);
  const ann = aUser('ann');
  const seen = (userId: string, path: string, at: string) =>
    event('ItemSeen', { userId, category: 'courses', path, at }, { stream: `tracking-${userId}` });
  const T1 = '2026-11-24T08:00:00.000Z';
  const T2 = '2026-11-24T09:00:00.000Z';
  const T3 = '2026-11-24T10:00:00.000Z';

  it('per person and item the first and the last sighting, whatever order they come in', () =>
    spec
      .given(ann.created(), seen('ann', 'family-planning', T2))
      .when(
        seen('ann', 'family-planning', T3),
        seen('ann', 'family-planning', T1),
        seen('ann', 'leaflet', T2),
      )
      .thenRows({
        user_tracking: [
          { user_id: 'ann', category: 'courses', path: 'family-planning', first_seen: T1, last_seen: T3 },
          { path: 'leaflet', first_seen: T2, last_seen: T2 },
        ],
      }));

  it('a sighting of someone who does not exist (any more) is not kept: it reads users', () =>
    spec
      .given(ann.created(), seen('ann', 'family-planning', T1), ann.deleted())
      .when(seen('ann', 'family-planning', T2), seen('nobody', 'family-planning', T2))
      .thenRows({ user_tracking: [] }));

  it('an erased person’s sightings go, the others’ stay', () => {
    const bob = aUser('bob');
    return spec
      .given(ann.created(), bob.created(), seen('ann', 'x', T1), seen('bob', 'x', T1))
      .when(ann.deleted())
      .thenRows({ user_tracking: [{ user_id: 'bob' }] });
  });
});
