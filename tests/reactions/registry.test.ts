import { describe, expect, it } from 'vitest';
import { eventDefinition } from '../../events/registry';
import type { StoredEvent } from '../../events/store';
import { projections } from '../../projections/registry';
import { followUpsOf, reactions } from '../../reactions/registry';

const stored = (type: string, data: unknown): StoredEvent =>
  ({
    position: 7,
    stream: 's',
    version: 1,
    type,
    schemaVersion: 1,
    data,
    meta: { actorId: null, requestId: 'r', at: new Date(0).toISOString() },
    recordedAt: new Date(0),
  }) as StoredEvent;

describe('reactions registry', () => {
  it('follows only event types the store accepts', () => {
    for (const reaction of reactions)
      for (const type of reaction.on)
        expect(() => eventDefinition(type), `${reaction.name}: ${type}`).not.toThrow();
  });

  it('is apart from the read models: every projection owns tables, so a rebuild has something to rebuild and no effect to re-run', () => {
    for (const projection of projections)
      expect(projection.tables.length, projection.name).toBeGreaterThan(0);
  });

  it('turns an erasure into the compaction job, and a teacher score into the certificate and LTI score jobs', () => {
    expect(followUpsOf(stored('UserDeleted', { userId: 'u1' }), { publicUrl: 'http://x' })).toEqual([
      { job: 'erasure.compact', payload: {}, singletonKey: expect.any(String) },
    ]);
    const scored = followUpsOf(
      stored('AnswerScored', {
        userId: 'u1',
        moduleId: '2f1e3c4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        page: 'p',
        score: 1,
      }),
      {
        publicUrl: 'http://x',
      },
    );
    expect(scored.map((followUp) => followUp.job)).toEqual(['certificate.auto-issue', 'lti.send-score']);
  });

  it('asks nothing for an event no reaction follows', () => {
    expect(followUpsOf(stored('PageSeen', { userId: 'u1' }), { publicUrl: 'http://x' })).toEqual([]);
  });
});
