import { describe, expect, it } from 'vitest';
import { sectionInputSchema } from '../../../events/section/commands';
import { sectionDecider } from '../../../events/section/decider';
import type { SectionEvent } from '../../../events/section/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(sectionDecider);
const sectionId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0100';
const details = sectionInputSchema.parse({ name: 'Week 1', language: 'nl' });
const ref = { sectionId, path: 'week-1' };
const created: SectionEvent = {
  type: 'SectionCreated',
  data: { ...ref, parentType: 'course', parentPath: 'srgr-basis', ...details, published: true },
};

describe('section decider', () => {
  it('creates a published section under a course', () =>
    spec([])
      .when({ type: 'CreateSection', data: { ...ref, parentPath: 'srgr-basis', details } })
      .thenEvents([created]));
  it('unpublishes and publishes', () => {
    spec([created])
      .when({ type: 'UnpublishSection' })
      .thenEvents([{ type: 'SectionUnpublished', data: ref }]);
    spec([created]).when({ type: 'PublishSection' }).thenEvents([]);
  });
  it('deletes, keeping name and parent for the history', () =>
    spec([created])
      .when({ type: 'DeleteSection' })
      .thenEvents([{ type: 'SectionDeleted', data: { ...ref, name: 'Week 1', parentPath: 'srgr-basis' } }]));
  it('a deleted section cannot change', () =>
    spec([created, { type: 'SectionDeleted', data: { ...ref, name: 'Week 1', parentPath: 'srgr-basis' } }])
      .when({ type: 'UpdateSection', data: { details } })
      .thenThrows('NOT_FOUND', 'section.notFound'));
});

describe('section links to modules and files', () => {
  const moduleA = { moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a01', modulePath: 'module-a' };
  const moduleB = { moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a02', modulePath: 'module-b' };
  const file = { fileId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0f01', filePath: 'slides' };
  const linkedA: SectionEvent = { type: 'SectionModuleLinked', data: { ...ref, ...moduleA } };
  const linkedB: SectionEvent = { type: 'SectionModuleLinked', data: { ...ref, ...moduleB } };
  const linkedFile: SectionEvent = { type: 'SectionFileLinked', data: { ...ref, ...file } };

  it('links and unlinks a module once', () => {
    spec([created]).when({ type: 'LinkModule', data: moduleA }).thenEvents([linkedA]);
    spec([created, linkedA]).when({ type: 'LinkModule', data: moduleA }).thenEvents([]);
    spec([created, linkedA])
      .when({ type: 'UnlinkModule', data: moduleA })
      .thenEvents([{ type: 'SectionModuleUnlinked', data: { ...ref, ...moduleA } }]);
    spec([created, linkedB]).when({ type: 'UnlinkModule', data: moduleA }).thenEvents([]);
  });
  it('links and unlinks a file once', () => {
    spec([created]).when({ type: 'LinkFile', data: file }).thenEvents([linkedFile]);
    spec([created, linkedFile]).when({ type: 'LinkFile', data: file }).thenEvents([]);
    spec([created, linkedFile])
      .when({ type: 'UnlinkFile', data: file })
      .thenEvents([{ type: 'SectionFileUnlinked', data: { ...ref, ...file } }]);
    spec([created]).when({ type: 'UnlinkFile', data: file }).thenEvents([]);
  });
  it('orders its modules', () =>
    spec([created, linkedA, linkedB])
      .when({ type: 'OrderModules', data: { modules: ['module-b', 'module-a'] } })
      .thenEvents([{ type: 'SectionModulesOrdered', data: { ...ref, modules: ['module-b', 'module-a'] } }]));
  it('a deleted section links nothing', () =>
    spec([created, { type: 'SectionDeleted', data: { ...ref, name: 'Week 1', parentPath: 'srgr-basis' } }])
      .when({ type: 'LinkModule', data: moduleA })
      .thenThrows('NOT_FOUND', 'section.notFound'));
  it('keeps its linked items, in order, in the state', () => {
    const state = [
      created,
      linkedA,
      linkedB,
      linkedFile,
      { type: 'SectionModuleUnlinked', data: { ...ref, ...moduleA } } as SectionEvent,
    ].reduce(sectionDecider.evolve, sectionDecider.initialState());
    expect(state.status === 'active' && state.links).toEqual({
      modules: [{ id: moduleB.moduleId, path: 'module-b' }],
      files: [{ id: file.fileId, path: 'slides' }],
    });
  });
});

describe('section form schema', () => {
  it('requires a name and a language (the stricter reading)', () => {
    const messages = sectionInputSchema
      .safeParse({ name: '' })
      .error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toContainEqual(['name', 'validation.required']);
    expect(messages).toContainEqual(['language', 'validation.languageRequired']);
  });
  it('requires the jitsi URL of a breakout room', () => {
    const result = sectionInputSchema.safeParse({
      name: 'Live',
      language: 'en',
      classroom: {
        name: 'Room',
        type: 'jitsi',
        breakoutrooms: [
          { name: 'A', startdate: null, jitsi: '', roomNumber: 1, breakoutroomInteriorInfo: '' },
        ],
      },
    });
    expect(result.error!.issues[0]).toMatchObject({ message: 'section.jitsiRequired' });
  });
});

describe('breakout countdown', () => {
  const classroom = sectionInputSchema.parse({
    name: 'Week 1',
    language: 'nl',
    classroom: { name: 'Live', type: 'jitsi', breakoutroomCountdown: 15 },
  });
  const withRoom: SectionEvent = {
    type: 'SectionCreated',
    data: { ...created.data, ...classroom },
  } as SectionEvent;
  const startedAt = '2026-11-24T08:00:00.000Z';
  const started: SectionEvent = {
    type: 'BreakoutCountdownStarted',
    data: { ...ref, startedAt, minutes: 15 },
  };
  const stopped: SectionEvent = { type: 'BreakoutCountdownStopped', data: ref };

  it('starts with the given start and the classroom minutes, and starts again', () => {
    spec([withRoom]).when({ type: 'StartBreakoutCountdown', data: { startedAt } }).thenEvents([started]);
    const later = '2026-11-24T08:05:00.000Z';
    spec([withRoom, started])
      .when({ type: 'StartBreakoutCountdown', data: { startedAt: later } })
      .thenEvents([{ type: 'BreakoutCountdownStarted', data: { ...ref, startedAt: later, minutes: 15 } }]);
  });
  it('stops a running countdown; stopping one that does not run is refused', () => {
    spec([withRoom, started]).when({ type: 'StopBreakoutCountdown' }).thenEvents([stopped]);
    spec([withRoom])
      .when({ type: 'StopBreakoutCountdown' })
      .thenThrows('CONFLICT', 'section.countdownNotRunning');
    spec([withRoom, started, stopped])
      .when({ type: 'StopBreakoutCountdown' })
      .thenThrows('CONFLICT', 'section.countdownNotRunning');
  });
  it('refuses without a classroom or without countdown minutes', () => {
    spec([created])
      .when({ type: 'StartBreakoutCountdown', data: { startedAt } })
      .thenThrows('INVALID', 'section.noClassroom');
    const noMinutes = sectionInputSchema.parse({
      name: 'Week 1',
      language: 'nl',
      classroom: { name: 'Live', type: 'jitsi' },
    });
    spec([{ type: 'SectionCreated', data: { ...created.data, ...noMinutes } } as SectionEvent])
      .when({ type: 'StartBreakoutCountdown', data: { startedAt } })
      .thenThrows('INVALID', 'section.noCountdown');
  });
  it('a form save keeps the stored start, whatever the form carries', () => {
    const form = sectionInputSchema.parse({
      name: 'Week 1 (renamed)',
      language: 'nl',
      classroom: {
        name: 'Live',
        type: 'jitsi',
        breakoutroomCountdown: 20,
        breakoutroomCountdownStarted: null,
      },
    });
    spec([withRoom, started])
      .when({ type: 'UpdateSection', data: { details: form } })
      .thenEvents([
        {
          type: 'SectionUpdated',
          data: {
            ...ref,
            ...form,
            classroom: { ...form.classroom!, breakoutroomCountdownStarted: startedAt },
          },
        },
      ]);
    // Nor can a form start one: only the countdown's own event does.
    const sneaky = { ...form, classroom: { ...form.classroom!, breakoutroomCountdownStarted: startedAt } };
    spec([withRoom])
      .when({ type: 'UpdateSection', data: { details: sneaky } })
      .thenEvents([{ type: 'SectionUpdated', data: { ...ref, ...form } }]);
  });
  it('a new section (a copy of a running one too) starts without a countdown', () => {
    const running = {
      ...classroom,
      classroom: { ...classroom.classroom!, breakoutroomCountdownStarted: startedAt },
    };
    spec([])
      .when({ type: 'CreateSection', data: { ...ref, parentPath: 'srgr-basis', details: running } })
      .thenEvents([withRoom]);
  });
  it('folds the start and the stop into the classroom', () => {
    const fold = (events: SectionEvent[]) =>
      events.reduce(sectionDecider.evolve, sectionDecider.initialState());
    const running = fold([withRoom, started]);
    expect(running.status === 'active' && running.details.classroom?.breakoutroomCountdownStarted).toBe(
      startedAt,
    );
    const over = fold([withRoom, started, stopped]);
    expect(over.status === 'active' && over.details.classroom?.breakoutroomCountdownStarted).toBeNull();
  });
});
