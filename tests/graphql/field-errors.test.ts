import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

interface Answer {
  success: boolean;
  message: string | null;
  fields: { path: string; message: string }[];
}

/**
 * Every mutation answer carries `fields: [{ path, message }]`: the refused fields of `doc`, named
 * from its root, with translated messages; an empty list on success.
 */
describe.each(databaseKinds)('GraphQL field errors on %s', (kind) => {
  const fx = graphqlFixture(kind, { admin: { name: 'Ada Admin', roles: ['admin'] } });

  const createCourse =
    'mutation ($doc: JSON!) { createCourse(doc: $doc) { success message fields { path message } } }';
  const create = async (doc: unknown, headers: Record<string, string> = {}) =>
    (
      await graphql<{ createCourse: Answer }>(fx.app, createCourse, {
        token: fx.token.admin,
        headers,
        variables: { doc },
      })
    ).data!.createCourse;

  it('names a missing name, in nl, fr and en', async () => {
    for (const [language, message, field] of [
      ['nl', 'Sommige velden zijn niet geldig.', 'Dit veld is verplicht.'],
      ['fr', 'Certains champs ne sont pas valides.', 'Ce champ est obligatoire.'],
      ['en', 'Some fields are not valid.', 'This field is required.'],
    ] as const) {
      const refused = await create({ language: 'en' }, { 'accept-language': language });
      expect(refused).toEqual({ success: false, message, fields: [{ path: 'name', message: field }] });
    }
  });

  it('names every refused field with its own message, nested ones by their path', async () => {
    const refused = await create({
      name: '',
      language: 'de',
      startdate: '2026-05-02',
      enddate: '2026-05-01',
      image: { name: 42, alt: '' },
    });
    expect(refused.success).toBe(false);
    expect(refused.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'This field is required.' },
        { path: 'language', message: 'Choose a language.' },
        { path: 'image.name', message: 'This value is not valid.' },
        { path: 'image.alt', message: 'Describe what the image shows.' },
      ]),
    );
  });

  it('answers an empty list on success, and on a refusal that concerns no field', async () => {
    const created = await create({ name: 'Field errors', language: 'en' });
    expect(created).toMatchObject({ success: true, fields: [] });
    const anonymous = await graphql<{ createCourse: Answer }>(fx.app, createCourse, {
      variables: { doc: { name: 'x', language: 'en' } },
    });
    expect(anonymous.data?.createCourse).toEqual({
      success: false,
      message: 'Please sign in first.',
      fields: [],
    });
  });

  it('refuses a typed path another item holds at the field, and keeps the earlier item', async () => {
    await create({ name: 'Quiz course', language: 'en', path: 'quiz' });
    const taken = await create({ name: 'Another', language: 'en', path: 'quiz' });
    expect(taken).toEqual({
      success: false,
      message: 'Some fields are not valid.',
      fields: [{ path: 'path', message: 'This path is already used by another item.' }],
    });
    const named = await create({ name: 'Quiz', language: 'en' });
    expect(named.success).toBe(true);
  });

  it('names the field and its bound when a query goes past a limit', async () => {
    const answer = await graphql(fx.app, 'query { users(limit: 1000) { _id } }', { token: fx.token.admin });
    expect(answer.errors?.[0]?.message).toBe('“limit” is not valid: At most 500.');
    const dutch = await graphql(fx.app, 'query { users(limit: 0) { _id } }', {
      token: fx.token.admin,
      headers: { 'accept-language': 'nl' },
    });
    expect(dutch.errors?.[0]?.message).toBe('‘limit’ is niet geldig: Minstens 1.');
  });
});
