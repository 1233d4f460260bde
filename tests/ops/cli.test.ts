import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { configSchema, configurationVariables } from '../../server/config';
import { configurationTable, helpText, parseCommandLine } from '../../server/ops/cli';
import { serverCommand } from '../server/server-process';

const root = path.resolve(import.meta.dirname, '../..');

/** The rows of the configuration tables in docs/operations/configuration.md, backticks removed. */
function documentedRows(sectionTitle?: string) {
  const page = fs.readFileSync(path.join(root, 'docs/operations/configuration.md'), 'utf8');
  // One section's table when a title is given ('## Variables': what an operator sets), else all.
  const start = sectionTitle ? page.indexOf(`\n## ${sectionTitle}\n`) : 0;
  const end = sectionTitle ? page.indexOf('\n## ', start + 1) : -1;
  const section = page.slice(start, end === -1 ? undefined : end);
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows.map(([names, defaults, meaning]) => ({
    variables: [...names!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!),
    defaults: defaults!.replaceAll('`', ''),
    // Links in the page read as their text in the terminal.
    meaning: meaning!.replaceAll('`', '').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1'),
  }));
}

describe('command line', () => {
  it('reads the commands and refuses anything else', () => {
    expect(parseCommandLine([])).toEqual({ name: 'serve' });
    expect(parseCommandLine(['--help'])).toEqual({ name: 'help' });
    expect(parseCommandLine(['-v'])).toEqual({ name: 'version' });
    expect(parseCommandLine(['export', 'backup.ndjson'])).toEqual({ name: 'export', file: 'backup.ndjson' });
    expect(parseCommandLine(['import', '-'])).toEqual({ name: 'import', file: '-' });
    expect(parseCommandLine(['import'])).toMatchObject({ name: 'invalid' });
    expect(parseCommandLine(['export', 'a', 'b'])).toMatchObject({ name: 'invalid' });
    expect(parseCommandLine(['--port=80'])).toMatchObject({ name: 'invalid' });
  });

  it('prints the configuration table of docs/operations/configuration.md, covering every variable of the config', () => {
    // Every row --help prints is on the page as printed, and every operator row of the page is printed.
    expect(documentedRows()).toEqual(expect.arrayContaining(configurationTable));
    expect(configurationTable).toEqual(expect.arrayContaining(documentedRows('Variables')));
    const documented = configurationTable.flatMap((row) => row.variables);
    for (const variable of Object.keys(configSchema.shape)) expect(documented).toContain(variable);
    const help = helpText();
    for (const variable of documented) expect(help).toContain(variable);
  });

  it('lists in --help only what an operator sets, without pointing into the source tree', () => {
    // Exactly the variables the server reads: none that only tests or benchmarks read.
    expect(configurationTable.flatMap((row) => row.variables).sort()).toEqual(
      [...configurationVariables].sort(),
    );
    const help = helpText();
    for (const variable of ['TEST_DATABASE_URL', 'CHROMIUM_PATH', 'BENCH_SECONDS', 'E2E_PORT_OFFSET'])
      expect(help).not.toContain(variable);
    // A binary's user has no checkout: no path of one (server/…, scripts/…, a .ts file).
    expect(help).not.toMatch(/\b(server|scripts|tests|client|projections|events)\/[\w./-]+/);
    expect(help).not.toMatch(/\.ts\b/);
  });

  it('answers --version and --help without starting anything, and exits 2 on a wrong argument', () => {
    const run = (...args: string[]) =>
      spawnSync(serverCommand[0]!, [...serverCommand.slice(1), ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: '/nonexistent/never-created' },
      });
    expect(run('--version').stdout.trim()).toBe(packageJson.version);
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('DATABASE_URL');
    const wrong = run('--frobnicate');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Unknown command or option: --frobnicate');
    expect(fs.existsSync('/nonexistent/never-created')).toBe(false);
  }, 120_000);
});
