/** The tables of a bench run: the summary of every path against its ceiling, and the files part. */
import type { BurstResult } from './burst';
import type { FilesResult } from './files';
import type { ModeResult } from './hot-paths';

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
/** autocannon records whole milliseconds: 0 means under one. */
const ms = (value: number) => (value === 0 ? '<1' : fixed(value, 0));
const cpu = (value: number | null) => (value === null ? '-' : fixed(value, value < 10 ? 1 : 0));
const rate = (value: number) => fixed(value, value < 10 ? 1 : 0);
const percent = (value: number) => `${fixed(value * 100, 1)} %`;

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

/**
 * A Markdown table with its columns padded, readable in a terminal and quotable in
 * docs/benchmarks.md.
 */
function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const databaseName = (mode: string) => (mode === 'postgres' ? 'PostgreSQL' : 'embedded');

/** Every hot path at every number of connections, on every database, then the bursts. */
export function summaryTable(modes: ModeResult[], files: FilesResult | null, extra: string[][] = []): string {
  const header = [
    'database',
    'path',
    'conn.',
    'platform req/s',
    'ceiling req/s',
    'ratio (rounds)',
    'p50 / p99 ms',
    'ceiling p50 / p99',
    'CPU ms/req (ceiling)',
  ];
  const rows: string[][] = [];
  for (const mode of modes) {
    for (const scenario of mode.scenarios) {
      for (const pair of scenario.pairs) {
        const [low, high] = pair.ratioRange;
        rows.push([
          databaseName(mode.mode),
          scenario.name,
          String(pair.connections),
          rate(pair.platform.okPerSecond) +
            (pair.platform.errors > 0 ? ` (${pair.platform.errors} err.)` : ''),
          rate(pair.ceiling.okPerSecond),
          `${percent(pair.ratio)} (${fixed(low * 100, 1)}–${fixed(high * 100, 1)})`,
          `${ms(pair.platform.p50Ms)} / ${ms(pair.platform.p99Ms)}`,
          `${ms(pair.ceiling.p50Ms)} / ${ms(pair.ceiling.p99Ms)}`,
          `${cpu(pair.platform.cpuMsPerRequest)} (${cpu(pair.ceiling.cpuMsPerRequest)})`,
        ]);
      }
    }
  }
  for (const mode of modes) {
    const b: BurstResult | null = mode.burst;
    if (!b) continue;
    rows.push([
      databaseName(mode.mode),
      `burst: ${b.participants} open page 1 within ${b.spreadMs / 1000} s`,
      String(b.participants),
      `last answer ${fixed(b.lastAnswerMs / 1000, 2)} s${b.failures > 0 ? ` (${b.failures} failed)` : ''}`,
      '-',
      '-',
      `${ms(b.p50Ms)} / ${ms(b.p99Ms)}`,
      '-',
      cpu(b.cpuMsPerRequest),
    ]);
  }
  for (const mode of modes)
    rows.push([
      databaseName(mode.mode),
      'server start to /healthz (existing data)',
      '-',
      `${fixed(mode.serverStartMs / 1000, 2)} s`,
      '-',
      '-',
      '-',
      '-',
      '-',
    ]);
  for (const r of files?.results ?? [])
    rows.push([
      'files',
      r.name,
      '1',
      `${fixed(r.perSecond, 2)} ${r.unit}`,
      `${fixed(r.ceilingPerSecond, 2)} ${r.unit}`,
      percent(r.ratio),
      '-',
      '-',
      '-',
    ]);
  rows.push(...extra);
  return markdownTable(header, rows);
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
