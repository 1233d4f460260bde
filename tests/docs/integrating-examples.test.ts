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

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The curl commands of the first `sh` block of docs/integrating/README.md, as requests. */
function curlCommands(): Curl[] {
  const markdown = fs.readFileSync(path.join(root, 'docs/integrating/README.md'), 'utf8');
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(markdown)![1]!;
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.includes('curl '))
    .map((line) => {
      const body = /-d '([^']*)'/.exec(line)?.[1];
      const headers = Object.fromEntries(
        [...line.matchAll(/-H ['"]([^:'"]+):\s*([^'"]*)['"]/g)].map((match) => [
          match[1]!.toLowerCase(),
          match[2]!,
        ]),
      );
      return {
        method: /-X (\w+)/.exec(line)?.[1] ?? (body ? 'POST' : 'GET'),
        url: /"\$BASE([^"]+)"/.exec(line)![1]!,
        headers,
        ...(body ? { body } : {}),
      };
    });
}

/** The `sh` blocks of a page of docs/integrating (indented ones too), each with continued lines joined. */
function shellBlocks(name: string): string[] {
  const markdown = fs.readFileSync(path.join(root, 'docs/integrating', name), 'utf8');
  return [...markdown.matchAll(/^ *```sh\n([\s\S]*?)^ *```$/gm)].map((match) =>
    match[1]!.replace(/\\\n\s*/g, ' '),
  );
}

/** One curl command as a request: its address (after `$BASE` or `$PUBLIC_URL`), headers, form and Basic user. */
function curlRequest(line: string) {
  const url = /"\$(?:BASE|PUBLIC_URL)([^"]+)"/.exec(line)![1]!;
  const headers = Object.fromEntries(
    [...line.matchAll(/-H ['"]([^:'"]+):\s*([^'"]*)['"]/g)].map((match) => [
      match[1]!.toLowerCase(),
      match[2]!,
    ]),
  );
  const form = [...line.matchAll(/-d (?:'([^']*)'|(\S+))/g)].map((match) => match[1] ?? match[2]!);
  const user = /-u "([^"]+)"/.exec(line)?.[1] ?? null;
  return { url, headers, form, user };
}

describe.each(databaseKinds)('the integration examples of docs/integrating on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let token: string;
  let admin: { email: string; password: string };
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    const password = 'docs-example-password-1';
    const user = await addTestUser(platform, { roles: ['admin'], name: 'Docs Admin', password });
    token = user.token;
    admin = { email: user.email, password };
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

  it('answer the curl requests of the sign-in example: sign-in, a query, the results CSV, sign-out', async () => {
    const commands = curlCommands();
    expect(commands.map((command) => `${command.method} ${command.url.split('?')[0]}`)).toEqual([
      'POST /auth/sign-in',
      'POST /graphql',
      'GET /api/results/contraception-quiz.csv',
      'POST /auth/sign-out',
    ]);
    let idToken = '';
    for (const command of commands) {
      const headers = Object.fromEntries(
        Object.entries(command.headers).map(([name, value]) => [name, value.replace('$TOKEN', idToken)]),
      );
      // The example's account and its elided password stand for this test's administrator.
      const payload =
        command.url === '/auth/sign-in'
          ? JSON.stringify({ ...JSON.parse(command.body!), ...admin })
          : command.body;
      const response = await app.inject({
        method: command.method as 'GET' | 'POST',
        url: command.url,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(
        response.statusCode,
        `${command.method} ${command.url}: ${response.body.slice(0, 300)}`,
      ).toBeLessThan(300);
      if (command.url === '/auth/sign-in') idToken = response.json().idToken;
      if (command.url === '/graphql') expect(response.json().errors).toBeUndefined();
      if (command.url.startsWith('/api/results/'))
        expect(response.headers['content-type']).toMatch(/^text\/csv/);
    }
    expect(idToken).not.toBe('');
    // Signed out: the token no longer works.
    const after = await graphql(app, '{ currentUser { _id } }', { token: idToken });
    expect(after.status).toBe(401);
  });

  it('answer the API client and xAPI reading examples: a token for two scopes, the results CSV with it, statements read', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/trpc/apiClient.create',
      payload: { name: 'Docs example', scopes: ['results:read', 'users:read', 'xapi:read'] },
      headers: { authorization: `Bearer ${token}` },
    });
    const { clientId, clientSecret } = made.json().result.data as { clientId: string; clientSecret: string };
    const lines = shellBlocks('api-clients.md')[0]!
      .split('\n')
      .filter((line) => line.includes('curl '));
    const asked = curlRequest(lines.find((line) => line.includes('/oauth/token'))!);
    expect(asked.user).toBe('$CLIENT_ID:$CLIENT_SECRET');
    const granted = await app.inject({
      method: 'POST',
      url: asked.url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      payload: asked.form.join('&'),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const accessToken = granted.json().access_token as string;
    expect(granted.json().scope).toBe('results:read users:read');
    const download = curlRequest(lines.find((line) => line.includes('/api/results/'))!);
    const csv = await app.inject({
      url: download.url,
      headers: { authorization: download.headers.authorization!.replace('$ACCESS_TOKEN', accessToken) },
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // The statements example with a token of the client's xapi:read scope.
    const xapiToken = (
      await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&scope=xapi:read&client_id=${clientId}&client_secret=${encodeURIComponent(clientSecret)}`,
      })
    ).json().access_token as string;
    const read = curlRequest(shellBlocks('xapi.md')[0]!);
    const statements = await app.inject({
      url: read.url,
      headers: { ...read.headers, authorization: read.headers.authorization!.replace('$TOKEN', xapiToken) },
    });
    expect(statements.statusCode, statements.body.slice(0, 300)).toBe(200);
    expect(statements.headers['x-experience-api-version']).toBe('1.0.3');
    expect(Array.isArray(statements.json().statements)).toBe(true);
  });
});
