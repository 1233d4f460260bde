import type { Tenant } from './tenant';

type Analytics = NonNullable<Tenant['analytics']>;
type Queue = unknown[][];

declare global {
  interface Window {
    dataLayer?: unknown[];
    _paq?: Queue;
    plausible?: ((event: string, options?: { u?: string }) => void) & { q?: unknown[] };
  }
}

let loaded: Analytics['provider'] | null = null;

function addScript(src: string, attributes: Record<string, string> = {}) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

/**
 * Loads the tenant's measurement script: only ever called after the visitor accepted (the banner),
 * once per visit. Each tool is set to count what the platform reports and nothing on its own:
 * Matomo without cookies, Plausible's manual script; Google Tag Manager gets the consent granted.
 */
function load(analytics: Analytics) {
  if (loaded) return;
  loaded = analytics.provider;
  if (analytics.provider === 'gtm') {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(['consent', 'default', { analytics_storage: 'granted', ad_storage: 'denied' }]);
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(analytics.containerId)}`);
  } else if (analytics.provider === 'matomo') {
    const base = analytics.url.endsWith('/') ? analytics.url : `${analytics.url}/`;
    window._paq = window._paq ?? [];
    window._paq.push(
      ['disableCookies'],
      ['setTrackerUrl', `${base}matomo.php`],
      ['setSiteId', analytics.siteId],
    );
    addScript(`${base}matomo.js`);
  } else {
    window.plausible =
      window.plausible ??
      Object.assign((...args: unknown[]) => {
        window.plausible!.q = [...(window.plausible!.q ?? []), args];
      }, {});
    addScript(analytics.scriptUrl, { 'data-domain': analytics.domain });
  }
}

let previous: string | null = null;

/** One page view of `path` (already stripped of anything personal, see analytics-path.ts). */
export function reportPageView(analytics: Analytics, path: string) {
  load(analytics);
  const url = `${location.origin}${path}`;
  if (analytics.provider === 'gtm') {
    window.dataLayer!.push({ event: 'page_view', page_path: path, page_location: url, page_title: path });
  } else if (analytics.provider === 'matomo') {
    if (previous) window._paq!.push(['setReferrerUrl', previous]);
    window._paq!.push(['setCustomUrl', url], ['setDocumentTitle', path], ['trackPageView']);
  } else {
    window.plausible!('pageview', { u: url });
  }
  previous = url;
}

/**
 * A withdrawn consent: the platform reports nothing more (the caller stops calling reportPageView),
 * and Google Tag Manager, whose container may hold tags of its own, is told the consent is denied.
 */
export function withdrawConsent() {
  if (loaded === 'gtm') window.dataLayer?.push(['consent', 'update', { analytics_storage: 'denied' }]);
}
