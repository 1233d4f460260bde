import './lti-platforms.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListQuery, listLoading } from '../../../ui/list-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import {
  type LtiPlatform,
  type LtiToolAddresses,
  useLtiPlatforms,
  useLtiToolAddresses,
  useRemoveLtiPlatform,
} from './lti-api';

/** The history state the form leaves on its way back here: which platform it just registered. */
export interface RegisteredNotice {
  notice: 'ltiRegistered';
  platformId: string;
  name: string;
}

function registeredNotice(): RegisteredNotice | null {
  const state = window.history.state as Partial<RegisteredNotice> | null;
  return state?.notice === 'ltiRegistered' &&
    typeof state.platformId === 'string' &&
    typeof state.name === 'string'
    ? { notice: state.notice, platformId: state.platformId, name: state.name }
    : null;
}

/**
 * /admin/lti (administrators only): this tool's addresses to enter on a learning platform, and
 * every platform registered to launch it, removed ones too; an active one is removed from its row
 * after confirming (docs/integrating/lti.md).
 */
export function LtiPlatformsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminArea.lti.title'));
  const platforms = useLtiPlatforms();
  const remove = useRemoveLtiPlatform();
  const [registered] = useState(registeredNotice);
  const [asking, setAsking] = useState<LtiPlatform | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const listHeading = useId();
  // The row's Remove button after Cancel or Esc; the row's name once the button is gone.
  const afterDialog = useRef<HTMLElement | null>(null);

  // Back from the form: the new platform's row takes the focus, once, as soon as it is listed.
  const focusedNew = useRef(false);
  useEffect(() => {
    if (!registered || focusedNew.current || !platforms.data) return;
    const row = document.getElementById(rowNameId(registered.platformId));
    if (!row) return;
    focusedNew.current = true;
    row.focus();
  }, [registered, platforms.data]);

  return (
    <>
      <div className="page-header">
        <h1>{t('adminArea.lti.title')}</h1>
        <div className="page-header__actions">
          <Link href="/lti/new" className="button button--small">
            {t('adminArea.lti.new')}
          </Link>
        </div>
      </div>
      <p className="page-lead">{t('adminArea.lti.lead')}</p>
      {registered && !removed && (
        <Alert tone="success">
          <p>{t('adminArea.lti.registeredNotice', { name: registered.name })}</p>
        </Alert>
      )}
      {removed && (
        <Alert tone="success">
          <p>{t('adminArea.lti.removed', { name: removed })}</p>
        </Alert>
      )}
      <ToolAddresses />
      <section aria-busy={listLoading(platforms)} aria-labelledby={listHeading}>
        <h2 id={listHeading} className="lti-platforms__heading">
          {t('adminArea.lti.listTitle')}
        </h2>
        <ListQuery
          query={platforms}
          loadError={t('adminArea.lti.loadError')}
          empty={t('adminArea.lti.empty')}
        >
          {(items) => (
            <LtiPlatformTable
              platforms={items}
              onRemove={(platform, button) => {
                afterDialog.current = button;
                remove.reset();
                setRemoved(null);
                setAsking(platform);
              }}
            />
          )}
        </ListQuery>
      </section>
      <ConfirmDialog
        open={asking !== null}
        title={t('adminArea.lti.removeTitle')}
        message={t('adminArea.lti.removeText', { name: asking?.name ?? '' })}
        confirmLabel={t('adminArea.lti.remove')}
        busy={remove.isPending}
        error={remove.isError ? (problemOf(remove.error).message ?? t('errors.generic')) : null}
        returnFocus={afterDialog}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          const { platformId, name } = asking;
          remove.mutate(
            { platformId },
            {
              onSuccess: () => {
                afterDialog.current = document.getElementById(rowNameId(platformId));
                setAsking(null);
                setRemoved(name);
              },
            },
          );
        }}
      />
    </>
  );
}

const rowNameId = (platformId: string) => `lti-platform-${platformId}`;

/**
 * What an administrator enters on the learning platform, each with the names Moodle and Canvas give
 * the field, to copy with a button or by hand (the value is selected on focus). Shown once loaded;
 * the list below says so when the load failed.
 */
function ToolAddresses() {
  const { t } = useTranslation();
  const tool = useLtiToolAddresses();
  const heading = useId();
  const [copied, setCopied] = useState<{ label: string } | 'failed' | null>(null);
  if (!tool.data) return null;
  const addresses: { key: keyof LtiToolAddresses; label: string; hint: string }[] = [
    {
      key: 'launchUrl',
      label: t('adminArea.lti.tool.launchUrl'),
      hint: t('adminArea.lti.tool.launchUrlHint'),
    },
    { key: 'loginUrl', label: t('adminArea.lti.tool.loginUrl'), hint: t('adminArea.lti.tool.loginUrlHint') },
    { key: 'jwksUrl', label: t('adminArea.lti.tool.jwksUrl'), hint: t('adminArea.lti.tool.jwksUrlHint') },
    {
      key: 'deepLinkingUrl',
      label: t('adminArea.lti.tool.deepLinkingUrl'),
      hint: t('adminArea.lti.tool.deepLinkingUrlHint'),
    },
  ];
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied({ label });
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="panel form lti-tool" aria-labelledby={heading}>
      <h2 id={heading}>{t('adminArea.lti.tool.title')}</h2>
      <p className="lti-tool__lead">{t('adminArea.lti.tool.lead')}</p>
      {addresses.map(({ key, label, hint }) => (
        <ToolAddress
          key={key}
          label={label}
          hint={hint}
          value={tool.data[key]}
          onCopy={() => void copy(label, tool.data[key])}
        />
      ))}
      <p className="lti-tool__copied" role="status" data-failed={copied === 'failed' ? true : undefined}>
        {copied === 'failed'
          ? t('adminArea.lti.tool.copyFailed')
          : copied && t('adminArea.lti.tool.copied', { label: copied.label })}
      </p>
    </section>
  );
}

function ToolAddress({
  label,
  hint,
  value,
  onCopy,
}: {
  label: string;
  hint: string;
  value: string;
  onCopy: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field lti-tool__address">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="lti-tool__copy">
        <textarea
          id={id}
          readOnly
          rows={1}
          value={value}
          className="lti-tool__value"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t('adminArea.lti.tool.copyNamed', { label })}
          onClick={onCopy}
        >
          {t('adminArea.lti.tool.copy')}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

function LtiPlatformTable({
  platforms,
  onRemove,
}: {
  platforms: LtiPlatform[];
  onRemove: (platform: LtiPlatform, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const columns = {
    name: t('adminArea.lti.name'),
    issuer: t('adminArea.lti.issuerColumn'),
    clientId: t('adminArea.lti.clientId'),
    deployments: t('adminArea.lti.deploymentsColumn'),
    registered: t('adminArea.lti.registered'),
    status: t('adminArea.lti.status'),
  };
  return (
    <table className="data-table lti-platforms">
      <caption className="visually-hidden">{t('adminArea.lti.listTitle')}</caption>
      <thead>
        <tr>
          {Object.values(columns).map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('adminArea.lti.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {platforms.map((platform) => {
          const status = platform.removedAt ? 'removed' : 'active';
          return (
            <tr key={platform.platformId}>
              <th scope="row" data-label={columns.name} id={rowNameId(platform.platformId)} tabIndex={-1}>
                <span className="lti-platforms__name">{platform.name}</span>
              </th>
              <td data-label={columns.issuer}>
                <code className="lti-platforms__code">{platform.issuer}</code>
              </td>
              <td data-label={columns.clientId}>
                <code className="lti-platforms__code">{platform.clientId}</code>
              </td>
              <td data-label={columns.deployments}>
                {platform.deploymentIds.length === 0 ? (
                  <span className="muted">{t('adminArea.lti.anyDeployment')}</span>
                ) : (
                  <ul className="lti-platforms__deployments">
                    {platform.deploymentIds.map((id) => (
                      <li key={id}>
                        <code className="lti-platforms__code">{id}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label={columns.registered}>
                <time dateTime={platform.registeredAt}>{formatDateTime(platform.registeredAt)}</time>
              </td>
              <td data-label={columns.status}>
                <span className="lti-platforms__status-cell">
                  <span
                    className={`badge lti-platforms__status lti-platforms__status--${status}`}
                    data-status={status}
                  >
                    {t(`adminArea.lti.statuses.${status}`)}
                  </span>
                  {platform.removedAt && (
                    <span className="lti-platforms__removed-at muted">
                      {t('adminArea.lti.removedOn', { date: formatDateTime(platform.removedAt) })}
                    </span>
                  )}
                </span>
              </td>
              <td className="lti-platforms__actions">
                {!platform.removedAt && (
                  <button
                    type="button"
                    className="button button--small button--danger-ghost"
                    aria-label={t('adminArea.lti.removeNamed', { name: platform.name })}
                    onClick={(event) => onRemove(platform, event.currentTarget)}
                  >
                    {t('adminArea.lti.remove')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
