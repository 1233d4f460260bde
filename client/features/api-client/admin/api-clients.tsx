import './api-clients.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListQuery, listLoading } from '../../../ui/list-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type ApiClient, useApiClients, useRevokeApiClient } from './api-clients-api';
import { ScopeBadges } from './scopes';

/**
 * An expiry as the form sets it (the end of a day in UTC), said in UTC: in the platform's GMT+1 the
 * end of 31/12 would read as the first hour of 1/1.
 */
function formatUtc(iso: string): string {
  const [date = '', time = ''] = iso.split('T');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time.slice(0, 5)} UTC`;
}

/**
 * /admin/api-clients (administrators only): every API client with its scopes, status, dates,
 * allowed addresses and last use; a working one is revoked from its row after confirming
 * (docs/integrating/api-clients.md).
 */
export function ApiClientsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminArea.apiClients.title'));
  const clients = useApiClients();
  const revoke = useRevokeApiClient();
  const [asking, setAsking] = useState<ApiClient | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  // The row's Revoke button after Cancel or Esc; the row's name once the button is gone.
  const afterDialog = useRef<HTMLElement | null>(null);

  return (
    <>
      <div className="page-header">
        <h1>{t('adminArea.apiClients.title')}</h1>
        <div className="page-header__actions">
          <Link href="/api-clients/new" className="button button--small">
            {t('adminArea.apiClients.new')}
          </Link>
        </div>
      </div>
      <p className="page-lead">{t('adminArea.apiClients.lead')}</p>
      {revoked && (
        <Alert tone="success">
          <p>{t('adminArea.apiClients.revoked', { name: revoked })}</p>
        </Alert>
      )}
      <section aria-busy={listLoading(clients)} aria-label={t('adminArea.apiClients.title')}>
        <ListQuery
          query={clients}
          loadError={t('adminArea.apiClients.loadError')}
          empty={t('adminArea.apiClients.empty')}
        >
          {(items) => (
            <ApiClientTable
              clients={items}
              onRevoke={(client, button) => {
                afterDialog.current = button;
                revoke.reset();
                setRevoked(null);
                setAsking(client);
              }}
            />
          )}
        </ListQuery>
      </section>
      <ConfirmDialog
        open={asking !== null}
        title={t('adminArea.apiClients.revokeTitle')}
        message={t('adminArea.apiClients.revokeText', { name: asking?.name ?? '' })}
        confirmLabel={t('adminArea.apiClients.revoke')}
        busy={revoke.isPending}
        error={revoke.isError ? (problemOf(revoke.error).message ?? t('errors.generic')) : null}
        returnFocus={afterDialog}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          const { clientId, name } = asking;
          revoke.mutate(
            { clientId },
            {
              onSuccess: () => {
                afterDialog.current = document.getElementById(rowNameId(clientId));
                setAsking(null);
                setRevoked(name);
              },
            },
          );
        }}
      />
    </>
  );
}

const rowNameId = (clientId: string) => `api-client-${clientId}`;

function ApiClientTable({
  clients,
  onRevoke,
}: {
  clients: ApiClient[];
  onRevoke: (client: ApiClient, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const columns = {
    name: t('adminArea.apiClients.name'),
    scopes: t('adminArea.apiClients.scopesColumn'),
    status: t('adminArea.apiClients.status'),
    created: t('adminArea.apiClients.created'),
    expires: t('adminArea.apiClients.expires'),
    allowedIps: t('adminArea.apiClients.allowedIpsColumn'),
    lastUsed: t('adminArea.apiClients.lastUsed'),
  };
  return (
    <table className="data-table api-clients">
      <caption className="visually-hidden">{t('adminArea.apiClients.title')}</caption>
      <thead>
        <tr>
          {Object.values(columns).map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('adminArea.apiClients.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {clients.map((client) => (
          <tr key={client.clientId}>
            <th scope="row" data-label={columns.name} id={rowNameId(client.clientId)} tabIndex={-1}>
              <span className="api-clients__name">{client.name}</span>
              <span className="api-clients__id">
                <span className="visually-hidden">{t('adminArea.apiClients.clientId')}: </span>
                {client.clientId}
              </span>
            </th>
            <td data-label={columns.scopes}>
              <ScopeBadges scopes={client.scopes} />
            </td>
            <td data-label={columns.status}>
              <span
                className={`badge api-clients__status api-clients__status--${client.status}`}
                data-status={client.status}
              >
                {t(`adminArea.apiClients.statuses.${client.status}`)}
              </span>
            </td>
            <td data-label={columns.created}>
              <time dateTime={client.createdAt}>{formatDateTime(client.createdAt)}</time>
            </td>
            <td data-label={columns.expires}>
              {client.expiresAt ? (
                <time dateTime={client.expiresAt}>{formatUtc(client.expiresAt)}</time>
              ) : (
                <span className="muted">{t('adminArea.apiClients.noExpiry')}</span>
              )}
            </td>
            <td data-label={columns.allowedIps}>
              {client.allowedIps.length === 0 ? (
                <span className="muted">{t('adminArea.apiClients.anyAddress')}</span>
              ) : (
                <ul className="api-clients__addresses">
                  {client.allowedIps.map((ip) => (
                    <li key={ip}>
                      <code>{ip}</code>
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td data-label={columns.lastUsed}>
              {client.lastUsedAt ? (
                <time dateTime={client.lastUsedAt}>{formatDateTime(client.lastUsedAt)}</time>
              ) : (
                <span className="muted">{t('adminArea.apiClients.never')}</span>
              )}
            </td>
            <td className="api-clients__actions">
              {client.status === 'working' && (
                <button
                  type="button"
                  className="button button--small button--danger-ghost"
                  aria-label={t('adminArea.apiClients.revokeNamed', { name: client.name })}
                  onClick={(event) => onRevoke(client, event.currentTarget)}
                >
                  {t('adminArea.apiClients.revoke')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
