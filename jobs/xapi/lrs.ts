import type { RenderedStatement } from './render';

/** Where statements go: an LRS's xAPI base address (…/xapi) and its Basic credentials. */
export interface LrsSettings {
  endpoint: string;
  key: string;
  secret: string;
}

class LrsError extends Error {
  override name = 'LrsError';
}

const headersOf = (lrs: LrsSettings) => ({
  'content-type': 'application/json',
  'x-experience-api-version': '1.0.3',
  authorization: `Basic ${Buffer.from(`${lrs.key}:${lrs.secret}`).toString('base64')}`,
});

const statementsUrl = (lrs: LrsSettings) => `${lrs.endpoint.replace(/\/+$/, '')}/statements`;

/**
 * Sends a batch (POST /statements). An LRS refuses a batch holding a statement it already has with
 * 409 (xAPI 1.0.3, Statement Resource): that happens when an earlier attempt reached it but its
 * answer did not reach us. Each statement is then put by its id, which the LRS stores once: 204
 * for one it stored or already had the same, 409 for one it has with other content, which it will
 * never change (so it counts as delivered, and is logged).
 */
export async function sendBatch(
  lrs: LrsSettings,
  statements: RenderedStatement[],
  options: { timeoutMs: number; onConflict: (id: string) => void },
): Promise<void> {
  const post = await fetch(statementsUrl(lrs), {
    method: 'POST',
    headers: headersOf(lrs),
    body: JSON.stringify(statements),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  await post.body?.cancel();
  if (post.ok) return;
  if (post.status !== 409) throw new LrsError(`the LRS answered ${post.status} to POST /statements`);
  for (const statement of statements) {
    const put = await fetch(`${statementsUrl(lrs)}?statementId=${encodeURIComponent(statement.id)}`, {
      method: 'PUT',
      headers: headersOf(lrs),
      body: JSON.stringify(statement),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await put.body?.cancel();
    if (put.status === 409) options.onConflict(statement.id);
    else if (!put.ok) throw new LrsError(`the LRS answered ${put.status} to PUT /statements`);
  }
}
