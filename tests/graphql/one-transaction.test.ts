import { describe, expect, it } from 'vitest';
import type { PipelineDeps } from '../../events/command';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * Runs `work`, counting the transactions the command pipeline opens and recording each batch of
 * events it appends; with `failOn`, the batch holding that event type fails before it commits.
 */
async function recorded<T>(platform: { pipeline: PipelineDeps }, work: () => Promise<T>, failOn?: string) {
  const { pipeline } = platform;
  const { transaction, project } = pipeline;
  let transactions = 0;
  const batches: string[][] = [];
  pipeline.transaction = (inner) => {
    transactions += 1;
    return transaction(inner);
  };
  pipeline.project = async (trx, events) => {
    batches.push(events.map((event) => event.type));
    if (failOn && events.some((event) => event.type === failOn)) throw new Error('injected failure');
    return project(trx, events);
  };
  try {
    return { answer: await work(), transactions, batches };
  } finally {
    pipeline.transaction = transaction;
    pipeline.project = project;
  }
}

/**
 * A create or update that carries `published` is one command: one transaction of the command
 * pipeline appending one batch of events, so a failure anywhere in it leaves nothing behind.
 */
describe.each(databaseKinds)('GraphQL mutations with published on %s', (kind) => {
  const fx = graphqlFixture(kind, { admin: { name: 'Ada Admin', roles: ['admin'] } });

  const run = (query: string, variables: Record<string, unknown>) =>
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    graphql<any>(fx.app, query, { token: fx.token.admin, variables });

  const kinds = [
    {
      kind: 'Course',
      doc: () => ({ name: 'Unpublished course', language: 'en' }),
      created: ['CourseCreated', 'CourseOwnerAdded'],
      updated: ['CourseUpdated', 'CourseUnpublished'],
    },
    {
      kind: 'Module',
      doc: () => ({ name: 'Unpublished module', language: 'en' }),
      created: ['ModuleCreated', 'ModuleOwnerAdded'],
      updated: ['ModuleUpdated', 'ModuleUnpublished'],
    },
    {
      kind: 'Section',
      doc: () => ({
        name: 'Unpublished section',
        language: 'en',
        parentType: 'course',
        parentPath: 'parent-course',
      }),
      created: ['SectionCreated'],
      updated: ['SectionUpdated', 'SectionUnpublished'],
    },
  ] as const;

  const cases = kinds.map((item) => [item.kind, item] as const);

  it.each(cases)('create%s with published: false is one batch in one transaction', async (_kind, item) => {
    if (item.kind === 'Section') {
      const parent = await run('mutation ($doc: JSON!) { createCourse(doc: $doc) { success } }', {
        doc: { name: 'Parent course', language: 'en' },
      });
      expect(parent.data.createCourse.success).toBe(true);
    }
    const field = item.kind.toLowerCase();
    const { answer, transactions, batches } = await recorded(fx.platform, () =>
      run(
        `mutation ($doc: JSON!) { create${item.kind}(doc: $doc) { success message ${field} { path published } } }`,
        { doc: { ...item.doc(), published: false } },
      ),
    );
    expect(answer.data[`create${item.kind}`]).toMatchObject({ success: true, [field]: { published: false } });
    expect(batches).toEqual([item.created]);
    expect(transactions).toBe(1);
  });

  // Each updates what the create test above made.
  it.each(cases)(
    'update%s with fields and published is one batch; a failure in it leaves nothing',
    async (_kind, item) => {
      const field = item.kind.toLowerCase();
      const path = `unpublished-${field}`;
      const read = async () =>
        (await run(`query ($path: String!) { ${field}(path: $path) { info published } }`, { path })).data[
          field
        ];
      const update = (doc: object) =>
        run(
          `mutation ($path: String!, $doc: JSON!) { update${item.kind}(path: $path, doc: $doc) { success message } }`,
          {
            path,
            doc,
          },
        );
      // Published again first, so the update below has a publication to change.
      expect((await update({ published: true })).data[`update${item.kind}`].success).toBe(true);

      const changed = await recorded(fx.platform, () => update({ info: 'Changed', published: false }));
      expect(changed.answer.data[`update${item.kind}`]).toMatchObject({ success: true });
      expect(changed.batches).toEqual([item.updated]);
      expect(changed.transactions).toBe(1);
      expect(await read()).toEqual({ info: 'Changed', published: false });

      const before = await fx.eventCount();
      const published = `${item.kind}Published`;
      const failed = await recorded(
        fx.platform,
        () => update({ info: 'Half a change', published: true }),
        published,
      );
      expect(failed.answer.data[`update${item.kind}`]).toMatchObject({ success: false });
      expect(failed.batches).toEqual([[`${item.kind}Updated`, published]]);
      expect(await read()).toEqual({ info: 'Changed', published: false });
      expect(await fx.eventCount()).toBe(before);
    },
  );
});

/**
 * updateUser with profile fields and roles is one command on the user's stream: the roles' event and
 * the profile's in one batch, in one transaction, merged over the profile stored when it runs.
 */
describe.each(databaseKinds)('GraphQL updateUser with profile and roles on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { name: 'Ada Admin', roles: ['admin'] },
    bob: { name: 'Bob Participant' },
  });

  const update = (doc: object) =>
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    graphql<any>(
      fx.app,
      'mutation ($id: ID!, $doc: JSON!) { updateUser(_id: $id, doc: $doc) { success message } }',
      { token: fx.token.admin, variables: { id: fx.id.bob, doc } },
    );
  type Bob = { name: string; profession: string | null; phone: string | null; roles: string[] };
  const read = async () =>
    (
      await graphql<{ user: Bob }>(
        fx.app,
        'query ($id: ID!) { user(_id: $id) { name profession phone roles } }',
        {
          token: fx.token.admin,
          variables: { id: fx.id.bob },
        },
      )
    ).data?.user;

  it('changes roles and profile in one batch, keeping the fields it does not name', async () => {
    expect((await update({ phone: '0470 12 34 56' })).data.updateUser.success).toBe(true);
    const changed = await recorded(fx.platform, () => update({ profession: 'Nurse', roles: ['teacher'] }));
    expect(changed.answer.data.updateUser).toMatchObject({ success: true });
    expect(changed.batches).toEqual([['UserRolesChanged', 'UserProfileUpdated']]);
    expect(changed.transactions).toBe(1);
    expect(await read()).toEqual({
      name: 'Bob Participant',
      profession: 'Nurse',
      phone: '+32 470 12 34 56',
      roles: ['teacher'],
    });
  });

  it('a failure in the batch leaves neither the roles nor the profile changed', async () => {
    const before = await fx.eventCount();
    const failed = await recorded(
      fx.platform,
      () => update({ profession: 'Surgeon', roles: [] }),
      'UserProfileUpdated',
    );
    expect(failed.answer.data.updateUser).toMatchObject({ success: false });
    expect(failed.batches).toEqual([['UserRolesChanged', 'UserProfileUpdated']]);
    expect(await read()).toMatchObject({ profession: 'Nurse', roles: ['teacher'] });
    expect(await fx.eventCount()).toBe(before);
  });

  it('an unknown role refuses the profile change too', async () => {
    const before = await fx.eventCount();
    const refused = await update({ profession: 'Surgeon', roles: ['no-such-role'] });
    expect(refused.data.updateUser).toMatchObject({ success: false });
    expect(await read()).toMatchObject({ profession: 'Nurse', roles: ['teacher'] });
    expect(await fx.eventCount()).toBe(before);
  });
});

/**
 * createFile with a parent appends to two streams, the file's and the parent's, in one transaction of
 * the command pipeline: a failure in the link leaves no file behind.
 */
describe.each(databaseKinds)('GraphQL createFile with a parent on %s', (kind) => {
  const fx = graphqlFixture(kind, { admin: { name: 'Ada Admin', roles: ['admin'] } });

  const run = (query: string, variables: Record<string, unknown>) =>
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    graphql<any>(fx.app, query, { token: fx.token.admin, variables });
  const create = (doc: object) =>
    run('mutation ($doc: JSON!) { createFile(doc: $doc) { success file { path } } }', { doc });
  const files = async () =>
    (await run('query { files(course: "file-parent") { path } }', {})).data.files.map(
      (file: { path: string }) => file.path,
    );

  it('creates and links in one transaction, a batch per stream; a failed link leaves nothing', async () => {
    const parent = await run('mutation ($doc: JSON!) { createCourse(doc: $doc) { success } }', {
      doc: { name: 'File parent', language: 'en' },
    });
    expect(parent.data.createCourse.success).toBe(true);
    const doc = { url: 'https://example.org/guide.pdf', parentType: 'course', parentPath: 'file-parent' };

    const created = await recorded(fx.platform, () => create({ ...doc, name: 'Guide' }));
    expect(created.answer.data.createFile).toEqual({ success: true, file: { path: 'guide' } });
    expect(created.batches).toEqual([['FileCreated'], ['CourseFileLinked']]);
    expect(created.transactions).toBe(1);
    expect(await files()).toEqual(['guide']);

    const before = await fx.eventCount();
    const failed = await recorded(fx.platform, () => create({ ...doc, name: 'Orphan' }), 'CourseFileLinked');
    expect(failed.answer.data.createFile).toMatchObject({ success: false });
    expect(failed.batches).toEqual([['FileCreated'], ['CourseFileLinked']]);
    expect(failed.transactions).toBe(1);
    expect(await fx.eventCount()).toBe(before);
    expect((await run('query { file: files { path } }', {})).data.file).not.toContainEqual({
      path: 'orphan',
    });
  });
});
