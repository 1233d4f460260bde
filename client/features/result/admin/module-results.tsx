import './results.css';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import type { ModuleDetail } from '../../../ui/admin/api/modules';
import { CsvDownloadButtons } from '../../../ui/admin/csv-download-buttons';
import type { ModuleRights } from '../../../ui/admin/module-rights';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { type ParticipantSearch, useDownloadResultsCsv, useModuleParticipants } from './results';

const pageSize = 50;

interface Filters {
  from: string;
  until: string;
  search: string;
  minPercent: string;
  maxPercent: string;
  group: string;
}
const noFilters: Filters = { from: '', until: '', search: '', minPercent: '', maxPercent: '', group: '' };

/** The search as the server takes it: empty fields left out, number fields sent as numbers. */
function searchOf(module: string, filters: Filters, offset: number): ParticipantSearch {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  return {
    module,
    from: filters.from || undefined,
    until: filters.until || undefined,
    search: filters.search.trim() || undefined,
    minPercent: number(filters.minPercent),
    maxPercent: number(filters.maxPercent),
    group: filters.group.trim() || undefined,
    limit: pageSize,
    offset,
  };
}

/**
 * /admin/modules/{modulePath}/results (the module's `results` right: the view or edit right, an
 * owner, or a course's teacher for that course's participants): the participants active between two
 * dates with a score per page and the total percentage, a search (name or e-mail; percentages
 * compared as numbers), the CSV download of the same range, and a link to each participant's result.
 * The lead says what this reader may do there: score, or only read; all participants, or a course's.
 */
export function ModuleResultsView({ module, rights }: { module: ModuleDetail; rights: ModuleRights }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [offset, setOffset] = useState(0);
  const results = useModuleParticipants(searchOf(module.path, filters, offset));
  const download = useDownloadResultsCsv();
  const loading = results.isPending || (results.isError && results.isFetching);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setOffset(0);
  };
  const field = (name: keyof Filters, label: string, type: string, extra: object = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        {...extra}
      />
    </div>
  );

  const list = () => {
    if (loading) return <Loading />;
    if (results.isError) {
      const message = problemOf(results.error).message;
      return (
        <ErrorPanel
          message={message ?? t('teacherResults.loadError')}
          onRetry={() => void results.refetch()}
        />
      );
    }
    const data = results.data;
    if (data.participants.length === 0) return <Empty>{t('teacherResults.noActive')}</Empty>;
    const last = Math.min(offset + data.participants.length, data.total);
    return (
      <>
        <p>{t('teacherResults.count', { count: data.total, first: offset + 1, last })}</p>
        <table className="data-table">
          <caption className="visually-hidden">{t('teacherResults.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('teacherResults.participant')}</th>
              <th scope="col">{t('teacherResults.lastActive')}</th>
              {data.pages.map((page) => (
                <th scope="col" key={page.path}>
                  {page.name}
                </th>
              ))}
              <th scope="col">{t('teacherResults.total')}</th>
              <th scope="col">{t('teacherResults.percent')}</th>
            </tr>
          </thead>
          <tbody>
            {data.participants.map((row) => (
              <tr key={row._id}>
                <th scope="row" data-label={t('teacherResults.participant')}>
                  <Link
                    href={`/results/${encodeURIComponent(row._id)}?module=${encodeURIComponent(module.path)}`}
                  >
                    {row.name || row._id}
                  </Link>
                  {row.stuckPages.length > 0 && (
                    <span className="badge badge--warning stuck-badge">
                      {t('teacherResults.stuck', { count: row.stuckPages.length })}
                    </span>
                  )}
                </th>
                <td data-label={t('teacherResults.lastActive')}>{formatDateTime(row.updatedAt)}</td>
                {data.pages.map((page) => (
                  <td key={page.path} data-label={page.name}>
                    {page.maxScore > 0 ? `${row.pages[page.path] ?? 0} / ${page.maxScore}` : '—'}
                    {(row.awaitingPages[page.path] ?? 0) > 0 && (
                      <span className="badge to-grade-badge">
                        {t('grading.toGradeCount', { count: row.awaitingPages[page.path] })}
                      </span>
                    )}
                    {row.stuckPages.includes(page.path) && (
                      <span className="stuck-mark" title={t('teacherResults.stuckPage')}>
                        {' '}
                        ⚠<span className="visually-hidden"> {t('teacherResults.stuckPage')}</span>
                      </span>
                    )}
                  </td>
                ))}
                <td data-label={t('teacherResults.total')}>
                  {row.score} / {data.maxScore}
                  {row.awaitingScore > 0 && (
                    <span className="badge to-grade-badge">
                      {t('grading.toGradeCount', { count: row.awaitingScore })}
                    </span>
                  )}
                </td>
                <td data-label={t('teacherResults.percent')}>{row.percent} %</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.total > pageSize && (
          <div className="button-row">
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(offset - pageSize, 0))}
            >
              {t('teacherResults.previous')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={last >= data.total}
              onClick={() => setOffset(offset + pageSize)}
            >
              {t('teacherResults.next')}
            </button>
          </div>
        )}
      </>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-header">
        <h2 id={`${id}-title`}>{t('teacherResults.title')}</h2>
        <div className="page-header__actions">
          <CsvDownloadButtons
            label={t('teacherResults.download')}
            pending={download.isPending ? download.variables.variant : null}
            onDownload={(variant) =>
              download.mutate({ module: module.path, from: filters.from, until: filters.until, variant })
            }
          />
        </div>
      </div>
      {rights.courseTeacher && <p className="muted">{t('teacherResults.courseScope')}</p>}
      <p>
        <Link href={`/modules/${encodeURIComponent(module.path)}/to-grade`}>{t('grading.openQueue')}</Link>
        {' · '}
        <span className="muted">{t('grading.totalsNote')}</span>
      </p>
      {!rights.score && <p className="muted">{t('teacherResults.readOnly')}</p>}
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('teacherResults.downloadError')}</p>
        </Alert>
      )}
      <search>
        <form className="form panel" onSubmit={submit} aria-label={t('teacherResults.filters')}>
          <div className="field-row">
            {field('from', t('teacherResults.from'), 'date')}
            {field('until', t('teacherResults.until'), 'date', { min: draft.from || undefined })}
          </div>
          <div className="field-row">
            {field('search', t('teacherResults.search'), 'search', {
              autoComplete: 'off',
              spellCheck: false,
            })}
            {field('group', t('teacherResults.group'), 'search', { autoComplete: 'off', maxLength: 60 })}
          </div>
          <div className="field-row">
            {field('minPercent', t('teacherResults.minPercent'), 'number', { min: 0, max: 100, step: 1 })}
            {field('maxPercent', t('teacherResults.maxPercent'), 'number', { min: 0, max: 100, step: 1 })}
          </div>
          <div className="button-row">
            <button type="submit" className="button button--small">
              {t('teacherResults.apply')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setDraft(noFilters);
                setFilters(noFilters);
                setOffset(0);
              }}
            >
              {t('teacherResults.reset')}
            </button>
          </div>
        </form>
      </search>
      <div aria-busy={loading || (results.isFetching && results.isPlaceholderData)} aria-live="polite">
        {list()}
      </div>
    </section>
  );
}
