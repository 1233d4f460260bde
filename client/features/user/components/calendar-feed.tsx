import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CheckboxField } from '../../../ui/form';
import { ErrorPanel, Loading } from '../../../ui/status';
import {
  type CalendarSettings,
  useCalendarSettings,
  useIssueCalendarFeed,
  useRevokeCalendarFeed,
  useSetLiveReminders,
} from '../api/calendar-feed';
import './calendar-feed.css';

/** '1 day and 1 hour' from the configured minutes, largest first. */
function useOffsetsText(minutes: readonly number[]) {
  const { t } = useTranslation();
  return minutes
    .map((offset) =>
      offset % 1440 === 0
        ? t('calendarFeed.offsetDays', { count: offset / 1440 })
        : offset % 60 === 0
          ? t('calendarFeed.offsetHours', { count: offset / 60 })
          : t('calendarFeed.offsetMinutes', { count: offset }),
    )
    .join(t('calendarFeed.and'));
}

/**
 * 'Live sessions in your calendar' on the profile: a private feed address to make, copy (it is shown
 * once: the server keeps only its hash), replace or revoke, and reminder mails to ask for.
 */
export function CalendarFeed() {
  const { t } = useTranslation();
  const settings = useCalendarSettings();
  return (
    <section className="panel" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{t('calendarFeed.title')}</h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorPanel message={t('calendarFeed.error')} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <FeedAddress settings={settings.data} />
          <Reminders settings={settings.data} />
        </>
      )}
    </section>
  );
}

function FeedAddress({ settings }: { settings: CalendarSettings }) {
  const { t } = useTranslation();
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [revoked, setRevoked] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  // Back to "Revoke feed" after Cancel; to the button that stays once the feed and its revoke button are gone.
  const afterDialog = useRef<HTMLElement | null>(null);
  const urlId = useId();
  const shown = issue.data?.url && settings.feed ? issue.data.url : null;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <p>{t('calendarFeed.lead')}</p>
      <p className="muted">{t('calendarFeed.privateHint')}</p>
      <p>
        {settings.feed
          ? t('calendarFeed.activeSince', { date: formatDate(settings.feed.issuedAt) })
          : t('calendarFeed.noneYet')}
      </p>
      {shown && (
        <div className="form calendar-feed__address">
          <div className="field">
            <label htmlFor={urlId} className="field__label">
              {t('calendarFeed.urlLabel')}
            </label>
            <input
              id={urlId}
              type="text"
              readOnly
              value={shown}
              aria-describedby={`${urlId}-hint`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <p id={`${urlId}-hint`} className="field__hint">
              {t('calendarFeed.urlHint')}
            </p>
          </div>
          <div className="form__actions">
            <button type="button" className="button" onClick={() => void copy(shown)}>
              {t('calendarFeed.copy')}
            </button>
          </div>
          {copied === 'yes' && (
            <Alert tone="success">
              <p>{t('calendarFeed.copied')}</p>
            </Alert>
          )}
          {copied === 'failed' && (
            <Alert tone="danger">
              <p>{t('calendarFeed.copyFailed')}</p>
            </Alert>
          )}
        </div>
      )}
      <p className="muted">{t('calendarFeed.replaceHint')}</p>
      <div className="form__actions calendar-feed__actions">
        <button
          ref={createButton}
          type="button"
          className={settings.feed ? 'button button--ghost' : 'button'}
          // Not `disabled`: that would drop the keyboard focus while the new address comes.
          aria-disabled={issue.isPending}
          onClick={() => {
            if (issue.isPending) return;
            setCopied(null);
            setRevoked(false);
            issue.mutate();
          }}
        >
          {settings.feed ? t('calendarFeed.replace') : t('calendarFeed.create')}
        </button>
        {settings.feed && (
          <button
            ref={revokeButton}
            type="button"
            className="button button--danger"
            onClick={() => {
              afterDialog.current = revokeButton.current;
              setConfirming(true);
            }}
          >
            {t('calendarFeed.revoke')}
          </button>
        )}
      </div>
      {revoked && (
        <Alert tone="success">
          <p>{t('calendarFeed.revoked')}</p>
        </Alert>
      )}
      {issue.isError && (
        <Alert tone="danger">
          <p>{problemOf(issue.error).message ?? t('calendarFeed.error')}</p>
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('calendarFeed.revokeTitle')}
        message={t('calendarFeed.revokeText')}
        confirmLabel={t('calendarFeed.revoke')}
        busy={revoke.isPending}
        error={revoke.isError ? (problemOf(revoke.error).message ?? t('calendarFeed.error')) : null}
        returnFocus={afterDialog}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              afterDialog.current = createButton.current;
              setConfirming(false);
              setRevoked(true);
              issue.reset();
            },
          })
        }
      />
    </>
  );
}

function Reminders({ settings }: { settings: CalendarSettings }) {
  const { t } = useTranslation();
  const change = useSetLiveReminders();
  const offsets = useOffsetsText(settings.offsetsMinutes);
  const on = change.isPending && change.variables ? change.variables.on : settings.reminders;
  return (
    <fieldset className="form-section calendar-feed__reminders">
      <legend className="calendar-feed__legend">{t('calendarFeed.remindersTitle')}</legend>
      <CheckboxField
        label={t('calendarFeed.remindersLabel')}
        description={t('calendarFeed.remindersHint', { offsets })}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={on}
            disabled={change.isPending || settings.offsetsMinutes.length === 0}
            onChange={(event) => change.mutate({ on: event.currentTarget.checked })}
          />
        )}
      </CheckboxField>
      {change.isSuccess && (
        <Alert tone="success">
          <p>{settings.reminders ? t('calendarFeed.remindersOn') : t('calendarFeed.remindersOff')}</p>
        </Alert>
      )}
      {change.isError && (
        <Alert tone="danger">
          <p>{problemOf(change.error).message ?? t('calendarFeed.error')}</p>
        </Alert>
      )}
    </fieldset>
  );
}
