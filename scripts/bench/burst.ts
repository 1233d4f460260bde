/**
 * The burst: many signed-in participants open the first page of a module within one second (a
 * class told "start now"). Each sends the request its browser sends for that page, at its own
 * moment, spread evenly over `spreadMs`, each on its own connection; the bench records each one's
 * wait and when the last one had its answer.
 */
import http from 'node:http';
import { cpuMs } from './cpu';

export interface BurstResult {
  participants: number;
  spreadMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** from the first request sent to the last answer received */
  lastAnswerMs: number;
  failures: number;
  /** the server's CPU time over the burst, per request */
  cpuMsPerRequest: number | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** GET, the whole answer read; its status, or 0 when it failed or took over two minutes. */
function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers, agent, timeout: 120_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

export async function burst(
  requests: { url: string; headers: Record<string, string> }[],
  spreadMs: number,
  serverPid: number,
): Promise<BurstResult> {
  // One connection per participant, as 500 browsers would open them.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const cpuBefore = cpuMs(serverPid);
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  let failures = 0;
  const latencies = await Promise.all(
    requests.map(async (request, i) => {
      const due = startedAt + (i * spreadMs) / requests.length;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sentAt = performance.now();
      if ((await get(request.url, request.headers, agent)) !== 200) failures++;
      const answeredAt = performance.now();
      if (answeredAt > lastAnswerAt) lastAnswerAt = answeredAt;
      return answeredAt - sentAt;
    }),
  );
  const cpuAfter = cpuMs(serverPid);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    participants: requests.length,
    spreadMs,
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    lastAnswerMs: Math.round(lastAnswerAt - startedAt),
    failures,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / Math.max(1, requests.length) : null,
  };
}
