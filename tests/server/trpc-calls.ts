import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestPlatform } from '../harness';

/**
 * tRPC calls over HTTP as one of a test's users (by name), and a refusal that must write no event.
 * `target` is read at call time, so a suite may build its platform in `beforeAll`.
 */
export function trpcCalls<Who extends string>(
  target: () => { app: FastifyInstance; platform: TestPlatform; tokens: Record<Who, string> },
) {
  async function call(who: Who, procedure: string, input: unknown, mutation = true) {
    const { app, tokens } = target();
    const headers = { authorization: `Bearer ${tokens[who]}` };
    const response = mutation
      ? await app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input as object, headers })
      : await app.inject({
          url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        });
    const body = response.json();
    return body.error
      ? { ok: false as const, code: body.error.data.code as string, data: null }
      : { ok: true as const, code: null, data: body.result.data };
  }

  async function as<T = { path: string }>(who: Who, procedure: string, input: unknown, mutation = true) {
    const answer = await call(who, procedure, input, mutation);
    if (!answer.ok) throw new Error(`${procedure}: ${answer.code}`);
    return answer.data as T;
  }

  const eventCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from events`.execute(target().platform.database.db))
      .rows[0]!.n;

  /** Runs a refused call and checks it wrote nothing. */
  async function refused(who: Who, procedure: string, input: unknown, code: string, mutation = true) {
    const before = await eventCount();
    const answer = await call(who, procedure, input, mutation);
    expect(answer.code, procedure).toBe(code);
    expect(await eventCount()).toBe(before);
  }

  return { call, as, refused, eventCount };
}
