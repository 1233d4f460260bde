/**
 * The load generator, run as its own process by run.ts: one autocannon scenario (a short warm-up,
 * then the measured run) against a 127.0.0.1 URL. Prints `measuring` when the warm-up is over (the
 * bench reads the server's CPU time then), and one JSON line (a LoadResult) at the end.
 *
 * `tokens`: each request carries the next one as its bearer token (many participants, not one whose
 * history grows). `__N__` in the body becomes a number that grows per request (a learner typing:
 * every save differs from the one before).
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** bearer tokens to rotate through, one per request */
  tokens?: string[];
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** the part of requestsPerSecond answered 2xx */
  okPerSecond: number;
  totalRequests: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** non-2xx answers plus socket errors and timeouts */
  errors: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** completed requests per second of the measured run */
  perSecond: number[];
  /** the first few non-2xx answers, for diagnosis */
  failedSamples: { status: number; body: string }[];
  durationSeconds: number;
}

let counter = 0;

async function run(spec: LoadSpec, seconds: number, onTick?: (count: number) => void) {
  const failedSamples: { status: number; body: string }[] = [];
  const tokens = spec.tokens ?? [];
  const varies = tokens.length > 0 || (spec.body?.includes('__N__') ?? false);
  const instance = autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    connections: spec.connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        ...(varies
          ? {
              setupRequest: (request: Record<string, unknown>) => {
                const n = counter++;
                const headers = { ...(request.headers as Record<string, string>) };
                if (tokens.length > 0) headers.authorization = `Bearer ${tokens[n % tokens.length]}`;
                return {
                  ...request,
                  headers,
                  ...(spec.body !== undefined ? { body: spec.body.replaceAll('__N__', String(n)) } : {}),
                };
              },
            }
          : {}),
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && failedSamples.length < 3)
            failedSamples.push({ status, body: body.slice(0, 500) });
        },
      },
    ],
  });
  if (onTick) instance.on('tick', ({ counter }: { counter: number }) => onTick(counter));
  return { result: await instance, failedSamples };
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  if (new URL(spec.url).hostname !== '127.0.0.1')
    throw new Error(`refusing to load ${spec.url}: 127.0.0.1 only`);
  if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
  process.stdout.write('measuring\n');
  const perSecond: number[] = [];
  const { result, failedSamples } = await run(spec, spec.seconds, (count) => perSecond.push(count));
  const answered = Object.values(result.statusCodeStats).reduce((sum, stats) => sum + stats.count, 0);
  const ok = Object.entries(result.statusCodeStats)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  const output: LoadResult = {
    requestsPerSecond: result.requests.average,
    okPerSecond: answered > 0 ? (result.requests.average * ok) / answered : 0,
    totalRequests: result.requests.total,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.non2xx + result.errors,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
    ),
    // the last tick fires when the run stops and counts a partial second (often 0)
    perSecond: perSecond.slice(0, Math.floor(result.duration)),
    failedSamples,
    durationSeconds: result.duration,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`load: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
