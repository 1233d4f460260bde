/** The shape of a bench run's results, and the table printed for each database. */
import type { FilesResult } from './files';
import type { LoadResult } from './load';

export interface ScenarioResult {
  name: string;
  /** the ceiling this scenario is compared with; absent on the ceilings themselves */
  ceiling?: string;
  /** 2xx answers/s of the scenario divided by 2xx answers/s of its ceiling */
  ratio?: number;
  request: { method: string; path: string; bodyBytes: number };
  load: LoadResult;
}

export interface ModeResult {
  mode: 'embedded' | 'postgres';
  database: string;
  startupMs: { server: number; ceilingServer: number };
  memoryMb: {
    /** right after start-up (seeded, before any load) */
    serverAfterStart: number | null;
    serverAfterLoad: number | null;
    ceilingServerAfterLoad: number | null;
    /** server after load / ceiling server after load */
    ratio: number | null;
  };
  scenarios: ScenarioResult[];
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
/** autocannon records whole milliseconds: 0 means under one. */
const ms = (value: number) => (value === 0 ? '<1' : fixed(value, 0));

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

export function printMode(result: ModeResult, settings: { seconds: number; connections: number }): void {
  const header = ['scenario', 'req/s', '2xx/s', 'p50 ms', 'p99 ms', 'errors', 'ratio to ceiling'];
  const rows = result.scenarios.map((s) => [
    s.name,
    fixed(s.load.requestsPerSecond, 0),
    fixed(s.load.okPerSecond, 0),
    ms(s.load.latencyMs.p50),
    ms(s.load.latencyMs.p99),
    String(s.load.errors),
    s.ratio === undefined ? '' : `${fixed(s.ratio, 3)} (${fixed(s.ratio * 100, 1)} %)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const lines = [
    '',
    `== ${result.mode}: ${result.database} — ${settings.seconds} s per scenario, ${settings.connections} connections ==`,
    row(header, widths),
    row(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
    ...rows.map((r) => row(r, widths)),
    '',
  ];
  for (const s of result.scenarios) {
    if (s.load.errors > 0) {
      const codes = Object.entries(s.load.statusCodes)
        .map(([code, count]) => `${code}×${count}`)
        .join(', ');
      const sample = s.load.failedSamples[0];
      lines.push(
        `  ${s.name}: ${s.load.errors} errors of ${s.load.totalRequests + s.load.socketErrors} ` +
          `(status ${codes}; socket errors ${s.load.socketErrors}, timeouts ${s.load.timeouts})`,
      );
      if (sample) lines.push(`    e.g. ${sample.status}: ${sample.body.slice(0, 200)}`);
    }
    const ceiling = result.scenarios.find((c) => c.name === s.ceiling);
    const trend = (x: ScenarioResult) => {
      const seconds = x.load.perSecond;
      return { first: seconds[0] ?? 0, last: seconds.at(-1) ?? 0 };
    };
    // Only the platform's scenarios: a ceiling that wobbles tells of the machine, not of the code.
    if (ceiling) {
      const own = trend(s);
      const base = trend(ceiling);
      if (own.first > 0 && own.last < own.first * 0.7)
        lines.push(
          `  ${s.name}: slows down during the run: ${own.first} req/s in the first second, ${own.last} in the last ` +
            `(its ceiling: ${base.first} → ${base.last})`,
        );
    }
  }
  const m = result.memoryMb;
  lines.push(
    `  server RSS: ${m.serverAfterStart ?? '?'} MB after start, ${m.serverAfterLoad ?? '?'} MB after load; ` +
      `bare ceiling server ${m.ceilingServerAfterLoad ?? '?'} MB after load` +
      (m.ratio === null ? '' : ` (ratio ${fixed(m.ratio, 2)})`),
    `  start-up: server ${result.startupMs.server} ms (fresh data), ceiling server ${result.startupMs.ceilingServer} ms`,
    '',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The files part: each platform path next to its raw ceiling, measured in turns in the same run. */
export function printFiles(result: FilesResult): void {
  const header = ['scenario', 'rounds', 'platform', 'ceiling', 'ratio to ceiling'];
  const rows = result.results.map((r) => [
    r.name,
    String(r.rounds),
    `${fixed(r.perSecond, 2)} ${r.unit}`,
    `${fixed(r.ceilingPerSecond, 2)} ${r.unit}`,
    `${fixed(r.ratio, 3)} (${fixed(r.ratio * 100, 1)} %)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const { image } = result;
  const lines = [
    '',
    `== files: a ${image.width} × ${image.height} JPEG of ${fixed(image.bytes / 1024 / 1024, 1)} MB to ${image.sizes} WebP sizes; ` +
      `a ${result.uploadBytes / 1024 / 1024} MB upload ==`,
    row(header, widths),
    row(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
    ...rows.map((r) => row(r, widths)),
    ...result.results.map((r) => `  ${r.name}: ceiling = ${r.ceiling}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
