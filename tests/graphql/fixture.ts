import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot } from './client';

export interface Person {
  name: string;
  roles?: string[];
}

/**
 * The set-up most GraphQL tests share, registered in the calling `describe`: a platform on `kind`
 * with the built-in teacher role, the app, and one signed-in user per person (their tokens and ids
 * filled in before the first test). `as(who)` gives the request options of that person (null: an
 * anonymous caller); `eventCount()` counts the whole log, to show a refusal wrote nothing.
 */
export function graphqlFixture<Who extends string>(kind: 'pglite' | 'postgres', people: Record<Who, Person>) {
  const names = Object.keys(people) as Who[];
  const token = Object.fromEntries(names.map((who) => [who, ''])) as Record<Who, string>;
  const id = Object.fromEntries(names.map((who) => [who, ''])) as Record<Who, string>;
  const email = Object.fromEntries(names.map((who) => [who, ''])) as Record<Who, string>;
  let platform: TestPlatform | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    for (const who of names) {
      const user = await addTestUser(platform, { roles: people[who].roles ?? [], name: people[who].name });
      token[who] = user.token;
      id[who] = user.userId;
      email[who] = user.email;
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  return {
    get platform(): TestPlatform {
      if (!platform) throw new Error('the GraphQL fixture is used before its set-up ran');
      return platform;
    },
    get app(): FastifyInstance {
      if (!app) throw new Error('the GraphQL fixture is used before its set-up ran');
      return app;
    },
    token,
    id,
    email,
    as: (who: Who | null, headers: Record<string, string> = {}) => ({
      token: who ? token[who] : undefined,
      headers,
    }),
    eventCount: async () => (await readAll(platform!.database.db, 0, 100_000)).length,
  };
}
