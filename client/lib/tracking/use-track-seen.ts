import { useEffect, useRef } from 'react';
import { useSessionState } from '../auth';
import { getSessionState } from '../session';
import { type LogUpdate, updateLog } from './api/update-log';

type Category = LogUpdate['type'];

/**
 * Notes in the signed-in person's log that they saw an item (a course, a file, a recording…).
 * Signed out: nothing. A failure is ignored: the log must never stand in the way of learning.
 */
export function trackSeen(type: Category, path: string | undefined): void {
  if (!path || getSessionState().status !== 'signed-in') return;
  updateLog({ type, path }).catch(() => {});
}

/**
 * Tracks the item once per mount (and again when the path changes) for a signed-in person, also
 * when they sign in while it is shown. A remount soon after is absorbed by the server's minute.
 */
export function useTrackSeen(type: Category, path: string | undefined): void {
  const { status, generation } = useSessionState();
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    // A new sign-in (another person, say) counts as a new view.
    const key = `${generation} ${type} ${path}`;
    if (status !== 'signed-in' || !path || tracked.current === key) return;
    tracked.current = key;
    trackSeen(type, path);
  }, [status, generation, type, path]);
}
