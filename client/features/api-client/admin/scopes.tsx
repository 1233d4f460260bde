import { useTranslation } from 'react-i18next';
import { type ApiScope, apiScopes } from '../../../../events/api-client/events';

/** The text key of each scope's one-line explanation (i18next reads a colon as a namespace). */
const scopeKeys = {
  'content:read': 'contentRead',
  'content:write': 'contentWrite',
  'results:read': 'resultsRead',
  'results:write': 'resultsWrite',
  'users:read': 'usersRead',
  'xapi:read': 'xapiRead',
  'certificates:read': 'certificatesRead',
} as const satisfies Record<ApiScope, string>;

/** What a scope opens, in a line (docs/integrating/api-clients.md has the full table). */
export function useScopeText() {
  const { t } = useTranslation();
  return (scope: ApiScope) => t(`adminArea.apiClients.scopes.${scopeKeys[scope]}`);
}

/** The scopes in the order the documentation lists them. */
const sortedScopes = (scopes: readonly ApiScope[]) => apiScopes.filter((scope) => scopes.includes(scope));

/** The scopes as badges, each explained to whoever points at it. */
export function ScopeBadges({ scopes }: { scopes: readonly ApiScope[] }) {
  const text = useScopeText();
  return (
    <span className="badges">
      {sortedScopes(scopes).map((scope) => (
        <span key={scope} className="badge api-clients__scope" title={text(scope)}>
          {scope}
        </span>
      ))}
    </span>
  );
}
