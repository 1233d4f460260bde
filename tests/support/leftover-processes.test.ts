import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endLeftoversOfKilledRuns } from './leftover-processes';

describe('processes left by a killed test run', () => {
  it('are ended by the next run; those of a run still going are not', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leftovers-'));
    const finished = spawnSync('true').pid; // a process id that no longer runs
    const runOf = (pid: number) => `${Date.now().toString(36)}${pid.toString(36)}`;
    const start = (run: string) => {
      const folder = path.join(root, `srhr-test-${run}-abc`);
      fs.mkdirSync(folder);
      const child = spawn('sleep', ['600'], { env: { ...process.env, TMPDIR: folder }, stdio: 'ignore' });
      const exited = new Promise<string | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      return { child, exited };
    };
    const leftover = start(runOf(finished));
    // This worker runs under vitest: its run is going.
    const going = start(runOf(process.pid));
    try {
      // Until each has executed sleep, its environment is still this process's.
      const tagged = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'latin1').includes(root);
      while (![leftover, going].every(({ child }) => tagged(child.pid!)))
        await new Promise((resolve) => setTimeout(resolve, 10));
      const ended = endLeftoversOfKilledRuns();
      expect(ended).toContain(leftover.child.pid);
      expect(ended).not.toContain(going.child.pid);
      expect(await leftover.exited).toBe('SIGKILL');
      expect(going.child.exitCode).toBeNull();
    } finally {
      leftover.child.kill('SIGKILL');
      going.child.kill('SIGKILL');
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
