import { callTRPCProcedure, TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../events/errors';
import { type Actor, noRules } from '../../../events/permissions';
import { appRouter } from '../../../server/router';
import type { Context } from '../../../server/trpc';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';

/**
 * Rights are declared where a procedure is: a mutation that needs a signed-in user is built on a
 * signed-in base procedure, which refuses a signed-out call before it reads the input. Every
 * mutation of the router is called signed out with input no schema accepts; all but the few public
 * ones below must answer 401 (errors.unauthenticated) without reading the input, and write nothing.
 * A new mutation declared public fails here (its base reads the input first, its handler is the one
 * refusing) until it is named below with its reason.
 */

/** The mutations anyone may call, why, and a valid input to call them with. */
const publicMutations: Record<string, { reason: string; input: unknown }> = {
  'badge.verify': {
    reason: 'checks a pasted credential, like the public verification page',
    input: { credential: 'not a credential' },
  },
};

/** The mutations open to an account that must enrol a second factor before anything else. */
const enrollingMutations = new Set(['secondFactor.begin', 'secondFactor.confirm', 'secondFactor.remove']);

// tRPC v11 keeps a flat record of every procedure by its dotted path.
const procedures = (
  appRouter as unknown as {
    _def: { procedures: Record<string, { _def: { type: string; output?: unknown } }> };
  }
)._def.procedures;
const mutations = Object.keys(procedures)
  .filter((path) => procedures[path]!._def.type === 'mutation')
  .sort();
const signedInMutations = mutations.filter((path) => !(path in publicMutations));

/** Input no procedure's schema takes: a signed-in base must refuse before it notices. */
const nonsense = { unexpected: [1, 'two'], path: 42 };

describe('every procedure', () => {
  // An object schema drops the keys it does not name: what a caller receives is what the schema says.
  it('declares what it answers with an output schema', () => {
    expect(Object.keys(procedures).filter((path) => procedures[path]!._def.output === undefined)).toEqual([]);
  });
});

describe('the public mutations', () => {
  it('are mutations of the router', () => {
    expect(Object.keys(publicMutations).filter((path) => !mutations.includes(path))).toEqual([]);
    expect([...enrollingMutations].filter((path) => !mutations.includes(path))).toEqual([]);
  });
  it('are few, each with its reason', () => {
    for (const { reason } of Object.values(publicMutations)) expect(reason.length).toBeGreaterThan(10);
    expect(signedInMutations.length).toBeGreaterThan(60);
  });
});

describe.each(databaseKinds)('base procedures on %s', (kind) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  }, 120_000);
  afterAll(async () => {
    await platform?.dispose();
  });

  const context = (who: { actor?: Actor | null; enrolling?: Actor | null } = {}): Context => ({
    platform,
    actor: who.actor ?? null,
    enrolling: who.enrolling ?? null,
    externalRefusal: null,
    requestId: 'base-procedures',
    language: 'en',
  });

  /**
   * Calls a mutation as the router does for a request; answers the error it threw (or null) and
   * whether anything read the input before the answer.
   */
  async function call(path: string, ctx: Context, input: unknown) {
    let read = false;
    try {
      await callTRPCProcedure({
        router: appRouter,
        path,
        ctx,
        getRawInput: async () => {
          read = true;
          return input;
        },
        type: 'mutation',
        signal: undefined,
        batchIndex: 0,
      });
      return { error: null, read };
    } catch (error) {
      if (error instanceof TRPCError) return { error, read };
      throw error;
    }
  }

  const said = ({ error, read }: { error: TRPCError | null; read: boolean }) =>
    `${error?.code ?? 'OK'} ${error?.cause instanceof DomainError ? error.cause.key : (error?.message ?? '')}${read ? ' after reading the input' : ''}`;

  const eventCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from events`.execute(platform.database.db)).rows[0]!
      .n;

  it('refuses every mutation but the public ones signed out, before reading the input', async () => {
    const before = await eventCount();
    const answers: Record<string, string> = {};
    for (const path of signedInMutations) {
      for (const input of [nonsense, undefined]) {
        answers[path] = said(await call(path, context(), input));
        if (answers[path] !== 'UNAUTHORIZED errors.unauthenticated') break;
      }
    }
    expect(answers).toEqual(
      Object.fromEntries(signedInMutations.map((path) => [path, 'UNAUTHORIZED errors.unauthenticated'])),
    );
    expect(await eventCount()).toBe(before);
  });

  it('tells an account that must enrol a second factor to do so first, except for enrolling', async () => {
    const enrolling: Actor = { userId: '00000000-0000-7000-8000-000000000001', roles: [], rules: noRules() };
    const answers: Record<string, string> = {};
    for (const path of signedInMutations.filter((path) => !enrollingMutations.has(path))) {
      answers[path] = said(await call(path, context({ enrolling }), nonsense));
    }
    expect(new Set(Object.values(answers))).toEqual(new Set(['FORBIDDEN secondFactor.enrolFirst']));
    for (const path of enrollingMutations) {
      const { error } = await call(path, context({ enrolling }), nonsense);
      expect([path, error?.code]).toEqual([path, 'BAD_REQUEST']);
    }
  });

  it('runs the public mutations signed out', async () => {
    for (const [path, { input }] of Object.entries(publicMutations)) {
      const { error } = await call(path, context(), input);
      expect([path, error?.code ?? 'OK']).not.toEqual([path, 'UNAUTHORIZED']);
      expect([path, error?.code ?? 'OK']).not.toEqual([path, 'BAD_REQUEST']);
    }
  });
});
