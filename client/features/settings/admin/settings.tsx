import './settings.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type EffectiveSettings, useSettings } from './get-settings';

const languageCodes = ['nl', 'en', 'fr'] as const;

/**
 * /admin/settings: the platform's effective configuration, read-only, for those who administer it
 * (manage_roles, as the server asks). Secrets never reach the browser; the server says only whether
 * each is set.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminSettings.title'));
  const settings = useSettings();

  const body = () => {
    if (settings.isPending)
      return (
        <div aria-busy="true">
          <Loading />
        </div>
      );
    if (settings.isError)
      return (
        <ErrorPanel
          message={t('adminSettings.loadError')}
          onRetry={() => void settings.refetch()}
          error={settings.error}
        />
      );
    const data = settings.data;
    return (
      <div className="settings">
        <TenantSection data={data} />
        <LanguagesSection data={data} />
        <SignupSection data={data} />
        <AnalyticsSection data={data} />
        <StorageSection data={data} />
        <MailSection data={data} />
        <DatabaseSection data={data} />
        <ServerSection data={data} />
        <SecuritySection data={data} />
        <JobsSection data={data} refreshing={settings.isFetching} onRefresh={() => void settings.refetch()} />
        <VersionSection data={data} />
      </div>
    );
  };

  return (
    <>
      <h1>{t('adminSettings.title')}</h1>
      <p className="page-lead">{t('adminSettings.lead')}</p>
      {body()}
    </>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel settings__panel" aria-labelledby={`settings-${id}`}>
      <h2 id={`settings-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/** One value of a panel's definition list. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Details({ children }: { children: ReactNode }) {
  return <dl className="details settings__details">{children}</dl>;
}

/** Whether a secret is set: the value itself never comes to the browser. */
function SetState({ set }: { set: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={set ? 'badge' : 'badge badge--muted'}>
      {set ? t('adminSettings.set') : t('adminSettings.notSet')}
    </span>
  );
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('adminSettings.yes') : t('adminSettings.no')}</>;
}

function Code({ children }: { children: ReactNode }) {
  return <code className="settings__code">{children}</code>;
}

/** A value, or 'none' when there is none. */
function Optional({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value ? <Code>{value}</Code> : <span className="muted">{t('adminSettings.none')}</span>;
}

function List({ items }: { items: string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <span className="muted">{t('adminSettings.none')}</span>;
  return (
    <>
      {items.map((item) => (
        <Code key={item}>{item}</Code>
      ))}
    </>
  );
}

function Colour({ value }: { value: string }) {
  return (
    <>
      <span className="settings__swatch" style={{ background: value }} aria-hidden="true" />
      <Code>{value}</Code>
    </>
  );
}

function TenantSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const { tenant } = data;
  return (
    <Panel id="tenant" title={t('adminSettings.tenant.title')}>
      <Details>
        <Item label={t('adminSettings.tenant.name')}>
          <strong>{tenant.name}</strong>
        </Item>
        <Item label={t('adminSettings.tenant.file')}>
          {tenant.file ? <Code>{tenant.file}</Code> : t('adminSettings.tenant.shipped')}
        </Item>
        <Item label={t('adminSettings.tenant.primary')}>
          <Colour value={tenant.colours.primary} />
        </Item>
        <Item label={t('adminSettings.tenant.secondary')}>
          <Colour value={tenant.colours.secondary} />
        </Item>
        <Item label={t('adminSettings.tenant.background')}>
          <Colour value={tenant.colours.background} />
        </Item>
        <Item label={t('adminSettings.tenant.text')}>
          <Colour value={tenant.colours.text} />
        </Item>
        <Item label={t('adminSettings.tenant.bodyFont')}>
          <Code>{tenant.fonts.body}</Code>
        </Item>
        <Item label={t('adminSettings.tenant.headingFont')}>
          <Code>{tenant.fonts.heading}</Code>
        </Item>
        <Item label={t('adminSettings.tenant.logo')}>
          <Code>{tenant.images.logo}</Code>
        </Item>
        <Item label={t('adminSettings.tenant.intro')}>
          <Code>{tenant.images.intro}</Code>
        </Item>
      </Details>
    </Panel>
  );
}

function LanguagesSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  return (
    <Panel id="languages" title={t('adminSettings.languages.title')}>
      <Details>
        <Item label={t('adminSettings.languages.languages')}>
          {data.languages.map((language) => (
            <span key={language} className="badge">
              {t(`languages.${language}`)}
            </span>
          ))}
        </Item>
      </Details>
      <h3 className="settings__subtitle">{t('adminSettings.languages.pages')}</h3>
      {data.staticPages.length === 0 ? (
        <p className="muted">{t('adminSettings.languages.noPages')}</p>
      ) : (
        <table className="data-table settings__table">
          <caption className="visually-hidden">{t('adminSettings.languages.pages')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminSettings.languages.page')}</th>
              {languageCodes.map((language) => (
                <th key={language} scope="col">
                  {t(`languages.${language}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.staticPages.map((page) => (
              <tr key={page.path}>
                <th scope="row" data-label={t('adminSettings.languages.page')}>
                  <Code>{page.path}</Code>
                </th>
                {languageCodes.map((language) => (
                  <td key={language} data-label={t(`languages.${language}`)}>
                    <span lang={language}>{page.title[language]}</span>
                    <Link href={`~/${page.paths[language]}`}>/{page.paths[language]}</Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function SignupSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  return (
    <Panel id="signup" title={t('adminSettings.signup.title')}>
      <Details>
        <Item label={t('adminSettings.signup.fields')}>
          {data.signupFields.length === 0 ? (
            <span className="muted">{t('adminSettings.none')}</span>
          ) : (
            data.signupFields.map((field) => (
              <span key={field} className="badge">
                {t(`form.${field}`)}
              </span>
            ))
          )}
        </Item>
      </Details>
      <p className="muted settings__note">{t('adminSettings.signup.always')}</p>
    </Panel>
  );
}

function AnalyticsSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const analytics = data.analytics;
  const provider = t('adminSettings.analytics.provider');
  return (
    <Panel id="analytics" title={t('adminSettings.analytics.title')}>
      <Details>
        {!analytics && <Item label={provider}>{t('adminSettings.analytics.none')}</Item>}
        {analytics?.provider === 'gtm' && (
          <>
            <Item label={provider}>Google Tag Manager</Item>
            <Item label={t('adminSettings.analytics.containerId')}>
              <Code>{analytics.containerId}</Code>
            </Item>
          </>
        )}
        {analytics?.provider === 'matomo' && (
          <>
            <Item label={provider}>Matomo</Item>
            <Item label={t('adminSettings.analytics.url')}>
              <Code>{analytics.url}</Code>
            </Item>
            <Item label={t('adminSettings.analytics.siteId')}>
              <Code>{analytics.siteId}</Code>
            </Item>
          </>
        )}
        {analytics?.provider === 'plausible' && (
          <>
            <Item label={provider}>Plausible</Item>
            <Item label={t('adminSettings.analytics.domain')}>
              <Code>{analytics.domain}</Code>
            </Item>
            <Item label={t('adminSettings.analytics.script')}>
              <Code>{analytics.scriptUrl}</Code>
            </Item>
          </>
        )}
      </Details>
      <p className="muted settings__note">{t('adminSettings.analytics.consent')}</p>
    </Panel>
  );
}

function StorageSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const storage = data.storage;
  return (
    <Panel id="storage" title={t('adminSettings.storage.title')}>
      <Details>
        {storage.driver === 'local' ? (
          <>
            <Item label={t('adminSettings.storage.driver')}>{t('adminSettings.storage.local')}</Item>
            <Item label={t('adminSettings.storage.folder')}>
              <Code>{storage.folder}</Code>
            </Item>
          </>
        ) : (
          <>
            <Item label={t('adminSettings.storage.driver')}>{t('adminSettings.storage.s3')}</Item>
            <Item label={t('adminSettings.storage.bucket')}>
              <Code>{storage.bucket}</Code>
            </Item>
            <Item label={t('adminSettings.storage.region')}>
              <Code>{storage.region}</Code>
            </Item>
            <Item label={t('adminSettings.storage.endpoint')}>
              {storage.endpoint ? <Code>{storage.endpoint}</Code> : t('adminSettings.storage.aws')}
            </Item>
            <Item label={t('adminSettings.storage.pathStyle')}>
              <YesNo value={storage.forcePathStyle} />
            </Item>
            <Item label={t('adminSettings.storage.publicUrl')}>
              {storage.publicUrl ? <Code>{storage.publicUrl}</Code> : t('adminSettings.storage.streamed')}
            </Item>
            <Item label="AWS_ACCESS_KEY_ID">
              <SetState set={storage.credentials.accessKeyId} />
            </Item>
            <Item label="AWS_SECRET_ACCESS_KEY">
              <SetState set={storage.credentials.secretAccessKey} />
            </Item>
            <Item label="AWS_PROFILE">
              <SetState set={storage.credentials.profile} />
            </Item>
          </>
        )}
        <Item label={t('adminSettings.storage.maxImage')}>
          {t('adminSettings.storage.megapixels', { value: storage.maxImageMegapixels })}
        </Item>
      </Details>
    </Panel>
  );
}

function MailSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const { transport } = data.mail;
  return (
    <Panel id="mail" title={t('adminSettings.mail.title')}>
      <Details>
        {transport.kind === 'outbox' ? (
          <Item label={t('adminSettings.mail.transport')}>
            <span className="badge badge--warning">{t('adminSettings.mail.outbox')}</span>
          </Item>
        ) : (
          <>
            <Item label={t('adminSettings.mail.transport')}>{t('adminSettings.mail.smtp')}</Item>
            <Item label={t('adminSettings.mail.server')}>
              <Code>{`${transport.host}:${transport.port}`}</Code>
            </Item>
            <Item label={t('adminSettings.mail.secure')}>
              <YesNo value={transport.secure} />
            </Item>
            <Item label={t('adminSettings.mail.credentials')}>
              <SetState set={transport.credentials} />
            </Item>
          </>
        )}
        <Item label={t('adminSettings.mail.from')}>
          <Code>{data.mail.from}</Code>
        </Item>
        <Item label={t('adminSettings.mail.notify')}>
          <Optional value={data.mail.notifyEmail} />
        </Item>
      </Details>
    </Panel>
  );
}

function DatabaseSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const database = data.database;
  return (
    <Panel id="database" title={t('adminSettings.database.title')}>
      <Details>
        {database.kind === 'embedded' ? (
          <>
            <Item label={t('adminSettings.database.kind')}>{t('adminSettings.database.embedded')}</Item>
            <Item label={t('adminSettings.database.folder')}>
              {database.dataFolder ? (
                <Code>{database.dataFolder}</Code>
              ) : (
                t('adminSettings.database.inMemory')
              )}
            </Item>
          </>
        ) : (
          <>
            <Item label={t('adminSettings.database.kind')}>{t('adminSettings.database.postgresql')}</Item>
            <Item label={t('adminSettings.database.host')}>
              <Code>{database.host}</Code>
            </Item>
            <Item label={t('adminSettings.database.port')}>{database.port}</Item>
            <Item label={t('adminSettings.database.name')}>
              <Code>{database.database}</Code>
            </Item>
            <Item label={t('adminSettings.database.pool')}>{database.poolSize}</Item>
          </>
        )}
      </Details>
    </Panel>
  );
}

function ServerSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const server = data.server;
  const limits = server.rateLimits;
  return (
    <Panel id="server" title={t('adminSettings.server.title')}>
      <Details>
        <Item label={t('adminSettings.server.publicUrl')}>
          {server.publicUrlSet ? (
            <Code>{server.publicUrl}</Code>
          ) : (
            <span className="badge badge--warning">
              {t('adminSettings.server.publicUrlUnset', { url: server.publicUrl })}
            </span>
          )}
        </Item>
        <Item label="NODE_ENV">
          <Code>{server.nodeEnv}</Code>
        </Item>
        <Item label={t('adminSettings.server.listen')}>
          <Code>{`${server.host}:${server.port}`}</Code>
        </Item>
        <Item label={t('adminSettings.server.dataDir')}>
          <Code>{server.dataDir}</Code>
        </Item>
        <Item label={t('adminSettings.server.clientDist')}>
          <Code>{server.clientDist}</Code>
        </Item>
        <Item label={t('adminSettings.server.logLevel')}>
          <Code>{server.logLevel}</Code>
        </Item>
        <Item label={t('adminSettings.server.seedDemo')}>
          <YesNo value={server.seedDemo} />
        </Item>
        <Item label={t('adminSettings.server.shutdown')}>
          {t('adminSettings.milliseconds', { value: server.shutdownTimeoutMs })}
        </Item>
        <Item label={t('adminSettings.server.trustProxy')}>
          {server.trustProxy === false ? (
            t('adminSettings.server.trustNone')
          ) : typeof server.trustProxy === 'number' ? (
            t('adminSettings.server.trustHops', { value: server.trustProxy })
          ) : (
            <List items={server.trustProxy} />
          )}
        </Item>
        <Item label={t('adminSettings.server.cors')}>
          <List items={server.corsOrigins} />
        </Item>
        <Item label={t('adminSettings.server.frameHosts')}>
          <List items={server.cspFrameHosts} />
        </Item>
        <Item label={t('adminSettings.server.jitsi')}>
          <Code>{server.jitsiDomain}</Code>
        </Item>
        <Item label={t('adminSettings.server.introspection')}>
          <YesNo value={server.graphqlIntrospection} />
        </Item>
        <Item label={t('adminSettings.server.rateLimits')}>
          {t('adminSettings.server.rateLimitsValue', {
            perAddress: limits.perAddress,
            perUser: limits.perUser,
            uploads: limits.uploads,
            window: limits.windowSeconds,
          })}
        </Item>
        <Item label={t('adminSettings.server.authLimit')}>
          {t('adminSettings.server.authLimitValue', { count: limits.authPerAddress })}
        </Item>
      </Details>
    </Panel>
  );
}

function SecuritySection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const security = data.security;
  const key = security.signingKey;
  return (
    <Panel id="security" title={t('adminSettings.security.title')}>
      <Details>
        <Item label={t('adminSettings.security.signingKey')}>
          {key.source === 'variable' && t('adminSettings.security.keyVariable')}
          {key.source === 'file' && (
            <>
              {t('adminSettings.security.keyFile')} <Code>{key.file}</Code>
            </>
          )}
          {key.source === 'dataDir' && t('adminSettings.security.keyDataDir')}
        </Item>
        <Item label={t('adminSettings.security.tokenTtl')}>
          {t('adminSettings.seconds', { value: security.idTokenTtlSeconds })}
        </Item>
        <Item label={t('adminSettings.security.sessionLifetime')}>
          {t('adminSettings.seconds', { value: security.sessions.lifetimeSeconds })}
        </Item>
        <Item label={t('adminSettings.security.sessionKeep')}>
          {t('adminSettings.seconds', { value: security.sessions.keepSignedInSeconds })}
        </Item>
        <Item label={t('adminSettings.security.sessionIdle')}>
          {t('adminSettings.seconds', { value: security.sessions.idleSeconds })}
        </Item>
        <Item label={t('adminSettings.security.adminEmail')}>
          <Optional value={security.adminEmail} />
        </Item>
        <Item label="ADMIN_PASSWORD">
          <SetState set={security.adminPasswordSet} />
        </Item>
        {security.oidc ? (
          <>
            <Item label={t('adminSettings.security.oidcIssuer')}>
              <Code>{security.oidc.issuer}</Code>
            </Item>
            <Item label={t('adminSettings.security.oidcAudience')}>
              <Code>{security.oidc.audience}</Code>
            </Item>
            <Item label={t('adminSettings.security.oidcJwks')}>
              {security.oidc.jwksUrl ? (
                <Code>{security.oidc.jwksUrl}</Code>
              ) : (
                t('adminSettings.security.discovered')
              )}
            </Item>
          </>
        ) : (
          <Item label={t('adminSettings.security.oidc')}>{t('adminSettings.security.oidcOff')}</Item>
        )}
        <Item label="ZOOM_SDK_KEY">
          <SetState set={security.zoomSdkKeySet} />
        </Item>
        <Item label="ZOOM_SDK_SECRET">
          <SetState set={security.zoomSdkSecretSet} />
        </Item>
        <Item label="METRICS_TOKEN">
          <SetState set={security.metricsTokenSet} />
        </Item>
      </Details>
      <p className="muted settings__note">{t('adminSettings.security.secrets')}</p>
    </Panel>
  );
}

/** HH:mm:ss of a count, in the platform's GMT+1 like every time on the platform. */
function countedAt(value: string): string {
  const seconds = String(new Date(value).getUTCSeconds()).padStart(2, '0');
  return `${formatDateTime(value)}:${seconds}`;
}

function JobsSection({
  data,
  refreshing,
  onRefresh,
}: {
  data: EffectiveSettings;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel id="jobs" title={t('adminSettings.jobs.title')}>
      <div className="settings__jobs-bar">
        <p className="muted" aria-live="polite">
          {refreshing
            ? t('adminSettings.jobs.counting')
            : t('adminSettings.jobs.countedAt', { time: countedAt(data.jobs.checkedAt) })}
        </p>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={onRefresh}
          disabled={refreshing}
        >
          {t('adminSettings.jobs.refresh')}
        </button>
      </div>
      <table className="data-table settings__table" aria-busy={refreshing}>
        <caption className="visually-hidden">{t('adminSettings.jobs.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminSettings.jobs.queue')}</th>
            <th scope="col">{t('adminSettings.jobs.queued')}</th>
            <th scope="col">{t('adminSettings.jobs.retrying')}</th>
            <th scope="col">{t('adminSettings.jobs.active')}</th>
            <th scope="col">{t('adminSettings.jobs.failed')}</th>
            <th scope="col">{t('adminSettings.jobs.schedule')}</th>
          </tr>
        </thead>
        <tbody>
          {data.jobs.queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row" data-label={t('adminSettings.jobs.queue')}>
                <Code>{queue.name}</Code>
              </th>
              <td data-label={t('adminSettings.jobs.queued')}>{queue.queued}</td>
              <td data-label={t('adminSettings.jobs.retrying')}>{queue.retrying}</td>
              <td data-label={t('adminSettings.jobs.active')}>{queue.active}</td>
              <td data-label={t('adminSettings.jobs.failed')}>
                {queue.failed > 0 ? <span className="badge badge--warning">{queue.failed}</span> : 0}
              </td>
              <td data-label={t('adminSettings.jobs.schedule')}>
                {queue.schedule ? <Code>{queue.schedule}</Code> : t('adminSettings.jobs.onDemand')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted settings__note">{t('adminSettings.jobs.note')}</p>
    </Panel>
  );
}

function VersionSection({ data }: { data: EffectiveSettings }) {
  const { t } = useTranslation();
  const { version } = data;
  const total = version.uptimeSeconds;
  const uptime = t('adminSettings.version.uptimeValue', {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
  });
  return (
    <Panel id="version" title={t('adminSettings.version.title')}>
      <Details>
        <Item label={t('adminSettings.version.app')}>
          <Code>{version.app}</Code>
        </Item>
        <Item label="Node.js">
          <Code>{version.node}</Code>
        </Item>
        <Item label={t('adminSettings.version.startedAt')}>{formatDateTime(version.startedAt)}</Item>
        <Item label={t('adminSettings.version.uptime')}>{uptime}</Item>
      </Details>
    </Panel>
  );
}
