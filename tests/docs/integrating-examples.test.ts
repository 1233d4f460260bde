import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { emptyClientRoot, graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { root } from './markdown';

interface Example {
  file: string;
  query: string;
  variables: Record<string, unknown>;
}

/**
 * The GraphQL examples of docs/integrating, in the order a reader meets them: each fenced `graphql`
 * block, with the `json` block right after it (blank lines between) as its variables.
 */
function examples(): Example[] {
  const dir = path.join(root, 'docs/integrating');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((name) => {
      const markdown = fs.readFileSync(path.join(dir, name), 'utf8');
      return [...markdown.matchAll(/^```graphql\n([\s\S]*?)^```\n(?:\s*^```json\n([\s\S]*?)^```$)?/gm)].map(
        (match) => ({
          file: `docs/integrating/${name}`,
          query: match[1]!,
          variables: match[2] ? (JSON.parse(match[2]) as Record<string, unknown>) : {},
        }),
      );
    });
}

describe.each(databaseKinds)('the integration examples of docs/integrating on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    token = (await addTestUser(platform, { roles: ['admin'], name: 'Docs Admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('run against a server as an administrator, in order, each answering without an error', async () => {
    const all = examples();
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const example of all) {
      const answer = await graphql(app, example.query, { token, variables: example.variables });
      const where = `${example.file}: ${example.query.trim().split('\n')[0]}`;
      expect(answer.errors, where).toBeUndefined();
      expect(answer.status, where).toBe(200);
      // A mutation that was refused answers success: false with its reasons.
      for (const [field, value] of Object.entries(answer.data ?? {}))
        if (value && typeof value === 'object' && 'success' in value)
          expect(value, `${where} → ${field}`).toMatchObject({ success: true });
    }
  });
});
