import { useQuery } from '@tanstack/react-query';
import type { InterfaceLanguage } from './languages';
import type { RouterOutputs } from './trpc';
import { trpc } from './trpc-query';

export type Tenant = RouterOutputs['tenant']['get'];
export type TenantText = Tenant['texts']['welcome'];
export type StaticPage = Tenant['staticPages'][number];

/** The tenant's configuration changes only with a restart: fetch it once per visit. */
export const useTenant = () =>
  useQuery(trpc.tenant.get.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));

/** A tenant text in the interface language. */
export const pick = (text: TenantText, language: InterfaceLanguage) => text[language];

/**
 * The static page answering a path: its own name or its address in any language. /gdpr is the
 * privacy page under its legal name.
 */
export function findStaticPage(tenant: Tenant, path: string): StaticPage | undefined {
  const wanted = path === 'gdpr' ? 'privacy' : path;
  return (
    tenant.staticPages.find((page) => page.path === wanted) ??
    tenant.staticPages.find((page) => Object.values(page.paths ?? {}).includes(wanted))
  );
}

/** A static page's address in a language (/over-ons, /about, /a-propos), without the slash. */
export const staticPathOf = (page: StaticPage, language: InterfaceLanguage) =>
  page.paths?.[language] ?? page.path;
