import http from 'node:http';

export const LRS_KEY = 'platform-key';
export const LRS_SECRET = 'platform-secret';

/**
 * A stand-in LRS on loopback, strict as xAPI 1.0.3 allows: it checks the version header and Basic
 * credentials, stores each statement by id, refuses a POST holding an id it already has (409,
 * storing nothing of it), and answers a PUT of a known id 204 (same statement) or 409 (another).
 * `failPost(n, keep)` makes the n-th POST store the first `keep` statements and then drop the
 * connection without an answer: an LRS failing mid-batch, or an answer lost as the pusher stops.
 */
export async function startStandInLrs(options: { delayMs?: number } = {}) {
  const stored = new Map<string, unknown>();
  /** How many times each id was stored (must stay 1) and how many times it was sent at all. */
  const stores = new Map<string, number>();
  const sent = new Map<string, number>();
  const failures = new Map<number, number>();
  let posts = 0;
  const store = (statement: { id: string }) => {
    stored.set(statement.id, statement);
    stores.set(statement.id, (stores.get(statement.id) ?? 0) + 1);
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const answer = (status: number, payload?: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'x-experience-api-version': '1.0.3',
        });
        response.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      const expected = `Basic ${Buffer.from(`${LRS_KEY}:${LRS_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return answer(401);
      if (request.headers['x-experience-api-version'] !== '1.0.3') return answer(400, 'version');
      const url = new URL(request.url ?? '/', 'http://lrs');
      if (url.pathname !== '/xapi/statements') return answer(404);
      if (request.method === 'POST') {
        const batch = JSON.parse(body) as { id: string }[];
        posts += 1;
        for (const statement of batch) sent.set(statement.id, (sent.get(statement.id) ?? 0) + 1);
        const keep = failures.get(posts);
        if (keep !== undefined) {
          for (const statement of batch.slice(0, keep)) store(statement);
          request.socket.destroy();
          return;
        }
        if (new Set(batch.map((statement) => statement.id)).size !== batch.length) return answer(400);
        if (batch.some((statement) => stored.has(statement.id))) return answer(409);
        for (const statement of batch) store(statement);
        return answer(
          200,
          batch.map((statement) => statement.id),
        );
      }
      if (request.method === 'PUT') {
        const statement = JSON.parse(body) as { id: string };
        const id = url.searchParams.get('statementId');
        if (id !== statement.id) return answer(400);
        sent.set(id, (sent.get(id) ?? 0) + 1);
        const known = stored.get(id);
        if (known === undefined) store(statement);
        else if (JSON.stringify(known) !== JSON.stringify(statement)) return answer(409);
        return answer(204);
      }
      return answer(405);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}/xapi`,
    stored,
    stores,
    sent,
    posts: () => posts,
    failPost: (n: number, keep: number) => failures.set(n, keep),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
