import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** An empty built client, so buildApp's static plugin has a folder to serve. */
export function emptyClientRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><body>app</body></html>');
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
