/**
 * Interleaved rounds: a platform path and its raw ceiling measured in turns (A, B, A, B, A, B), each
 * run a separate autocannon process (load.ts) at one number of connections, with the CPU time the
 * serving process spent during the measured part of the run. Drift in the machine's load (other work
 * on a shared machine) then touches both sides of a ratio alike, and the medians of the rounds say
 * what a single run cannot.
 */
import { cpuMs } from './cpu';
import type { LoadResult, LoadSpec } from './load';
import { cleanEnv, startTsx } from './processes';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** bearer tokens rotated per request (many participants); `__N__` in the body counts up */
  tokens?: string[];
}

/** One side of a ratio: what to send, and the process whose CPU time answers it. */
export interface Side {
  request: HttpRequest;
  pid: number;
}

export interface Measured {
  load: LoadResult;
  /** CPU ms the serving process used during the measured run, per request answered */
  cpuMsPerRequest: number | null;
}

export interface Summary {
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest: number | null;
  errors: number;
}

export interface PairResult {
  connections: number;
  rounds: { platform: Measured; ceiling: Measured; ratio: number }[];
  platform: Summary;
  ceiling: Summary;
  /** median platform 2xx/s divided by median ceiling 2xx/s */
  ratio: number;
  /** the lowest and highest ratio of a single round */
  ratioRange: [number, number];
}

export interface LoadSettings {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One autocannon run in its own process; the server's CPU time is read when the warm-up is over. */
async function measure(side: Side, connections: number, settings: LoadSettings): Promise<Measured> {
  const spec: LoadSpec = {
    ...side.request,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    connections,
  };
  const child = startTsx('load generator', 'scripts/bench/load.ts', [JSON.stringify(spec)], cleanEnv({}));
  let stdout = '';
  let cpuAtStart: number | null = null;
  child.process.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (cpuAtStart === null && stdout.includes('measuring\n')) cpuAtStart = cpuMs(side.pid);
  });
  const timeoutMs = (settings.seconds + settings.warmupSeconds + 60) * 1000;
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs);
  const code = await child.exited;
  // The last answers arrive with the result line; the CPU they cost is spent by then.
  const cpuAtEnd = cpuMs(side.pid);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`load generator failed (exit ${code ?? 'killed'}):\n${child.tail()}`);
  const load = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LoadResult;
  const answered = load.totalRequests;
  const started = cpuAtStart as number | null;
  return {
    load,
    cpuMsPerRequest:
      started !== null && cpuAtEnd !== null && answered > 0 ? (cpuAtEnd - started) / answered : null,
  };
}

function summary(runs: Measured[]): Summary {
  const perRequest = runs.map((run) => run.cpuMsPerRequest).filter((v): v is number => v !== null);
  return {
    okPerSecond: median(runs.map((run) => run.load.okPerSecond)),
    p50Ms: median(runs.map((run) => run.load.latencyMs.p50)),
    p99Ms: median(runs.map((run) => run.load.latencyMs.p99)),
    cpuMsPerRequest: perRequest.length > 0 ? median(perRequest) : null,
    errors: runs.reduce((sum, run) => sum + run.load.errors, 0),
  };
}

/** A, B, A, B, …: `settings.rounds` runs of each side at `connections`, in turns. */
export async function interleaved(
  platform: Side,
  ceiling: Side,
  connections: number,
  settings: LoadSettings,
  progress: (text: string) => void = () => {},
): Promise<PairResult> {
  const rounds: PairResult['rounds'] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    const own = await measure(platform, connections, settings);
    const bare = await measure(ceiling, connections, settings);
    const ratio = own.load.okPerSecond / bare.load.okPerSecond;
    rounds.push({ platform: own, ceiling: bare, ratio });
    progress(
      `round ${round}: ${own.load.okPerSecond.toFixed(0)} vs ${bare.load.okPerSecond.toFixed(0)} req/s (${(ratio * 100).toFixed(1)} %)`,
    );
  }
  const own = summary(rounds.map((r) => r.platform));
  const bare = summary(rounds.map((r) => r.ceiling));
  const ratios = rounds.map((r) => r.ratio);
  return {
    connections,
    rounds,
    platform: own,
    ceiling: bare,
    ratio: own.okPerSecond / bare.okPerSecond,
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
  };
}
