import { useEffect } from 'react';
import { useTenant } from '../../lib/tenant';

/**
 * Turns the tenant's colours and fonts into the CSS variables the stylesheet reads. Until the
 * configuration arrives (or if it cannot be loaded) the stylesheet's own defaults apply.
 */
export function useTenantTheme() {
  const tenant = useTenant().data;
  useEffect(() => {
    if (!tenant) return;
    const root = document.documentElement.style;
    root.setProperty('--colour-primary', tenant.colours.primary);
    root.setProperty('--colour-secondary', tenant.colours.secondary);
    root.setProperty('--colour-background', tenant.colours.background);
    root.setProperty('--colour-text', tenant.colours.text);
    root.setProperty('--font-body', tenant.fonts.body);
    root.setProperty('--font-heading', tenant.fonts.heading);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', tenant.colours.primary);
  }, [tenant]);
}
