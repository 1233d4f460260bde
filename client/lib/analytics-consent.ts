import { useSyncExternalStore } from 'react';

export type AnalyticsConsent = 'accepted' | 'declined';

const cookieName = 'analytics_consent';
/**
 * The specification gives two readings: the cookie lasts 30 days while the banner text once said
 * 13 months. We keep the shorter one, and the banner text says 30 days
 * (docs/adr/0010-one-analytics-cookie-lifetime.md).
 */
const maxAgeSeconds = 30 * 24 * 60 * 60;

function readAnalyticsConsent(): AnalyticsConsent | null {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${cookieName}=`))
    ?.slice(cookieName.length + 1);
  return value === 'accepted' || value === 'declined' ? value : null;
}

function storeAnalyticsConsent(consent: AnalyticsConsent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers we serve
  document.cookie = `${cookieName}=${consent}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

interface ConsentState {
  consent: AnalyticsConsent | null;
  /** The visitor asked to see the choice again ('Cookie settings' in the footer). */
  asking: boolean;
}

/** One consent for the banner, the footer and the measurement: a change applies at once, no reload. */
let state: ConsentState | null = null;
const listeners = new Set<() => void>();
const current = () => {
  state ??= { consent: readAnalyticsConsent(), asking: false };
  return state;
};
const update = (next: ConsentState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const analyticsConsent = {
  choose(consent: AnalyticsConsent) {
    storeAnalyticsConsent(consent);
    update({ consent, asking: false });
  },
  reopen() {
    update({ ...current(), asking: true });
  },
  close() {
    update({ ...current(), asking: false });
  },
};

export function useAnalyticsConsent(): ConsentState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, current);
}
