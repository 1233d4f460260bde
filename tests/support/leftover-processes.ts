import fs from 'node:fs';

/**
 * The processes of a test run carry its folder in their environment (TMPDIR, set by the global
 * setup and inherited by the workers and every server they start): `…/srhr-test-<run>-…`, where
 * <run> ends with the run's own process id in base 36. A run killed outright leaves its workers
 * finishing their test on their own, with the servers they started; the next run ends every process
 * of a run whose process is gone, before its own tests start. Runs still going (another checkout,
 * another helper on this machine) keep theirs.
 */
const runOf = (environ: string) =>
  /(?:^|\0)TMPDIR=[^\0]*\/srhr-test-([0-9a-z]{9,})-[^\0/]*/.exec(environ)?.[1];

/** Whether the run's own process (the vitest that named it) still runs. */
function runIsGoing(run: string): boolean {
  const pid = Number.parseInt(run.slice(8), 36);
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('vitest');
  } catch {
    return false;
  }
}

/** Kills the processes of runs that were killed; returns their ids. Nothing where there is no /proc. */
export function endLeftoversOfKilledRuns(proc = '/proc'): number[] {
  if (!fs.existsSync(`${proc}/self/environ`)) return [];
  const ended: number[] = [];
  for (const entry of fs.readdirSync(proc)) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: string;
    try {
      environ = fs.readFileSync(`${proc}/${entry}/environ`, 'latin1');
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    const run = runOf(environ);
    if (!run || runIsGoing(run)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      ended.push(Number(entry));
    } catch {
      // gone already
    }
  }
  return ended;
}
