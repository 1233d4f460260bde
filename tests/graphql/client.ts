import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * An empty built client, so buildApp's static plugin has a folder to serve. One fixed folder for
 * every test and run (the page is written aside and renamed, so parallel workers never read half
 * of it): nothing piles up in the temporary folder.
 */
export function emptyClientRoot(): string {
  const root = path.join(os.tmpdir(), 'srhr-empty-client');
  fs.mkdirSync(root, { recursive: true });
  const page = path.join(root, 'index.html');
  if (!fs.existsSync(page)) {
    const partial = `${page}.${process.pid}.part`;
    fs.writeFileSync(partial, '<!doctype html><html><body>app</body></html>');
    fs.renameSync(partial, page);
  }
  return root;
}

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  raw: string;
}

/** POST /graphql over HTTP (app.inject), as a documented client sends it. */
export async function graphql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  options: { variables?: Record<string, unknown>; token?: string; headers?: Record<string, string> } = {},
): Promise<GraphQLAnswer<T>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    payload: JSON.stringify({ query, variables: options.variables ?? {} }),
  });
  const body = response.json() as { data?: T | null; errors?: GraphQLAnswer['errors'] };
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors, raw: response.body };
}
