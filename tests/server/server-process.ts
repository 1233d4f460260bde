import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { ensureServerBundle } from '../../scripts/build-server.mjs';

/**
 * The server as `npm start` runs it: the bundle of its sources, built here first when missing or
 * stale (as scripts/start.mjs does). Through tsx every process took about four seconds more to
 * start on two cores, compiling and resolving each TypeScript module at every start.
 */
export const serverCommand = [process.execPath, await ensureServerBundle()];

/**
 * Runs a command so that it is killed the moment the test process that started it ends, by any
 * route (a time-out, a crash, Ctrl-C, a kill of the whole run): the kernel's parent-death signal,
 * set by util-linux's setpriv before it executes the command. Without it a server outlived a killed
 * run, holding its port and memory.
 */
const diesWithParent = spawnSync('setpriv', ['--pdeathsig', 'SIGKILL', 'true']).status === 0;
export const dyingWithParent = (command: string[]): string[] =>
  diesWithParent ? ['setpriv', '--pdeathsig', 'SIGKILL', '--', ...command] : command;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the server as its own process (as `npm start` does, minus the client build). */
export function spawnServer(
  env: Record<string, string | undefined>,
  port: number,
  /** A command the server runs under (`unshare …`: a PID namespace of its own, as in a container). */
  wrapper: string[] = [],
): ServerProcess {
  let output = '';
  const { DATABASE_URL: _inherited, ...parentEnv } = process.env;
  const command = dyingWithParent([...wrapper, ...serverCommand]);
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...parentEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
