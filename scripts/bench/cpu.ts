/** CPU time of another process (Linux /proc), for CPU milliseconds per request. */
import fs from 'node:fs';

/** USER_HZ: the unit of /proc/<pid>/stat's times; 100 on every Linux the bench runs on. */
const TICKS_PER_SECOND = 100;

/** User + system CPU time the process has used so far, in ms (10 ms steps), or null without /proc. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
