import { useEffect, useRef } from 'react';
import { useSessionState } from '../auth';
import { recordPageSeen } from './api/record-page-seen';

/**
 * Notes once per visit that a signed-in person has a module page in front of them: call it from the
 * page once it has rendered. Nothing shows and nothing waits for it; a refusal or a failure (offline)
 * is ignored, like the log's: it must never stand in the way of learning. A remount soon after is
 * absorbed by the server's minute.
 */
export function useTrackPageSeen(modulePath: string, pagePath: string): void {
  const { status, generation } = useSessionState();
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    // A new sign-in (another person, say) counts as a new visit.
    const key = `${generation} ${modulePath} ${pagePath}`;
    if (status !== 'signed-in' || tracked.current === key) return;
    tracked.current = key;
    recordPageSeen({ module: modulePath, page: pagePath }).catch(() => {});
  }, [status, generation, modulePath, pagePath]);
}
