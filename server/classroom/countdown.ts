import type { CommandMeta } from '../../events/command';
import type { Actor } from '../../events/permissions';
import type { Platform } from '../platform';
import { changeSection } from '../section/commands';

/**
 * Starts (or restarts) the section's breakout countdown at `now`, the server's clock, so every
 * screen counts down from the same moment whatever the clocks of the browsers. Same right as
 * changing the section: the edit right or owning its course.
 */
export function startCountdown(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
  now: Date,
) {
  return changeSection('edit', { type: 'StartBreakoutCountdown', data: { startedAt: now.toISOString() } })(
    platform,
    actor,
    meta,
    path,
  );
}

/** Stops a running countdown (refused when none runs). */
export const stopCountdown = changeSection('edit', { type: 'StopBreakoutCountdown' });
