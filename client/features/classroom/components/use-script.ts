import { useEffect, useState } from 'react';

const loading = new Map<string, Promise<void>>();

/**
 * Loads an external script once per page (later callers share the first load); a failed load is
 * forgotten, so opening the screen again tries again.
 */
function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Loads the scripts in order; 'failed' when one does not load (offline, blocked, wrong host). */
export function useScripts(sources: readonly string[] | null): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const key = sources?.join(' ') ?? '';
  useEffect(() => {
    if (!key) return;
    let current = true;
    setState('loading');
    (async () => {
      for (const src of key.split(' ')) await loadScript(src);
    })().then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
