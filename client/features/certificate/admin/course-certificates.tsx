import '../certificate.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { isAdmin } from '../../../../events/escalation';
import { formatDate } from '../../../../events/shared/dates';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { distinctLabels } from '../../../lib/labels';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import {
  useAddCourseCertificate,
  useCertify,
  useDismissReview,
  useRemoveCourseCertificate,
} from '../api/certificate-mutations';
import { useCertificateCourses } from '../api/get-admin-courses';
import {
  type CourseCertificateList as CertificateList,
  useCourseCertificateList,
} from '../api/get-course-certificate-list';
import { useCertificateReviews } from '../api/get-reviews';
import { CertificateStatusBadge } from '../components/certificate-card';

/**
 * /admin/users/course-certificates: pick a course, then assign or revoke each participant's course
 * certificate, each after a confirmation (for who may: the list says so). Below it, the fraud
 * check's review list.
 */
export function CourseCertificatesRoute({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('certificates.admin.title'));
  const courses = useCertificateCourses();
  const search = new URLSearchParams(useSearch());
  // Relative to where the screen is: under the nested /admin router a bare '?…' would leave it.
  const [location, navigate] = useLocation();
  const selected = search.get('course');
  const selectId = useId();
  return (
    <article className="course-certificates">
      <h1>{t('certificates.admin.title')}</h1>
      <p className="page-lead">{t('certificates.admin.lead')}</p>
      {courses.isPending ? (
        <Loading />
      ) : courses.isError ? (
        <ErrorPanel
          message={t('courses.loadError')}
          onRetry={() => void courses.refetch()}
          error={courses.error}
        />
      ) : courses.data.length === 0 ? (
        <Empty>{t('certificates.admin.noCourses')}</Empty>
      ) : (
        <div className="form">
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              {t('certificates.admin.course')}
            </label>
            <select
              id={selectId}
              value={selected ?? ''}
              onChange={(event) =>
                navigate(
                  event.target.value
                    ? `${location}?course=${encodeURIComponent(event.target.value)}`
                    : location,
                  { replace: true },
                )
              }
            >
              <option value="">{t('certificates.admin.chooseCourse')}</option>
              {courses.data.map((course) => (
                <option key={course.path} value={course.path}>
                  {distinctLabels(courses.data).get(course.path)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {selected && <CourseCertificateList coursePath={selected} viewer={viewer} />}
      <ReviewList viewer={viewer} />
    </article>
  );
}

type Participant = CertificateList['participants'][number];

/**
 * The participants of one course with their course certificate; used here and in the course's admin
 * view. The assign and revoke buttons are there only for who may give the course's certificate (its
 * owners and administrators, as the list says), and never on the reader's own row (admins aside).
 */
export function CourseCertificateList({ coursePath, viewer }: { coursePath: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const list = useCourseCertificateList(coursePath);
  const add = useAddCourseCertificate();
  const remove = useRemoveCourseCertificate();
  const [pending, setPending] = useState<{ participant: Participant; action: 'assign' | 'revoke' } | null>(
    null,
  );
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [group, setGroup] = useState('');
  const groupId = useId();
  const busy = add.isPending || remove.isPending;

  const confirm = async () => {
    if (!pending) return;
    const input = { _id: pending.participant.userId, course: coursePath };
    try {
      if (pending.action === 'assign') await add.mutateAsync(input);
      else await remove.mutateAsync(input);
      setNotice({
        tone: 'success',
        text: pending.action === 'assign' ? t('certificates.assigned') : t('certificates.removed'),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('certificates.error') });
    } finally {
      setPending(null);
    }
  };

  if (list.isPending) return <Loading />;
  if (list.isError)
    return (
      <ErrorPanel
        message={problemOf(list.error).message ?? t('certificates.admin.loadError')}
        error={list.error}
      />
    );
  const { course, mayCertify } = list.data;
  // The groups of the course's participants (labels on their links), offered once there is one.
  const groups = [
    ...new Set(
      list.data.participants.flatMap((participant) => (participant.group ? [participant.group] : [])),
    ),
  ].sort((a, b) => a.localeCompare(b));
  const participants = group
    ? list.data.participants.filter((participant) => participant.group === group)
    : list.data.participants;
  const mayCertifyHere = (userId: string) => mayCertify && (userId !== viewer._id || isAdmin(viewer));
  return (
    <section aria-labelledby="course-certificates-title">
      <h2 id="course-certificates-title">
        {t('certificates.admin.participantsOf', { course: course.name })}
      </h2>
      {!mayCertify && <p className="muted">{t('certificates.admin.readOnly')}</p>}
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
      {groups.length > 0 && (
        <search className="form panel field-row">
          <div className="field">
            <label className="field__label" htmlFor={groupId}>
              {t('teacherResults.group')}
            </label>
            <select id={groupId} value={group} onChange={(event) => setGroup(event.target.value)}>
              <option value="">{t('grading.all')}</option>
              {groups.map((label) => (
                <option key={label} value={label}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </search>
      )}
      {groups.length > 0 && (
        <p role="status">{t('certificates.admin.shown', { count: participants.length })}</p>
      )}
      {participants.length === 0 ? (
        <Empty>{t('certificates.admin.noParticipants')}</Empty>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">
            {t('certificates.admin.participantsOf', { course: course.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('certificates.admin.participant')}</th>
              <th scope="col">{t('certificates.admin.certificate')}</th>
              {mayCertify && (
                <th scope="col">
                  <span className="visually-hidden">{t('certificates.admin.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {participants.map((participant) => {
              const holds = participant.certificate?.status === 'valid';
              return (
                <tr key={participant.userId}>
                  <th scope="row">
                    {participant.name || '–'} <span className="data-table__email">{participant.email}</span>
                    {participant.group && (
                      <>
                        {' '}
                        <span className="badge">{participant.group}</span>
                      </>
                    )}
                  </th>
                  <td>
                    {participant.certificate ? (
                      <>
                        <CertificateStatusBadge status={participant.certificate.status} />{' '}
                        {formatDate(participant.certificate.issuedAt)}
                      </>
                    ) : (
                      t('certificates.admin.none')
                    )}
                  </td>
                  {mayCertify && (
                    <td>
                      {mayCertifyHere(participant.userId) ? (
                        <button
                          type="button"
                          className={
                            holds ? 'button button--danger-ghost button--small' : 'button button--small'
                          }
                          disabled={busy}
                          onClick={() => {
                            setNotice(null);
                            setPending({ participant, action: holds ? 'revoke' : 'assign' });
                          }}
                        >
                          {holds ? t('certificates.admin.revoke') : t('certificates.admin.assign')}
                          <span className="visually-hidden"> ({participant.name})</span>
                        </button>
                      ) : (
                        <span className="muted">{t('certificates.admin.notYourOwn')}</span>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'revoke'
            ? t('certificates.admin.revokeTitle')
            : t('certificates.admin.assignTitle')
        }
        message={
          <p>
            {t(
              pending?.action === 'revoke'
                ? 'certificates.admin.revokeText'
                : 'certificates.admin.assignText',
              {
                name: pending?.participant.name ?? '',
                course: course.name,
              },
            )}
          </p>
        }
        confirmLabel={
          pending?.action === 'revoke' ? t('certificates.admin.revoke') : t('certificates.admin.assign')
        }
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

/** The fraud check's open cases: issue the certificate or dismiss the case (never one's own). */
function ReviewList({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  const reviews = useCertificateReviews();
  const certify = useCertify();
  const dismiss = useDismissReview();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [issuing, setIssuing] = useState<{ module: string; user: string; name: string } | null>(null);
  const busy = certify.isPending || dismiss.isPending;
  const act = async (action: 'issue' | 'dismiss', input: { module: string; user: string }) => {
    setNotice(null);
    setIssuing(null);
    try {
      if (action === 'issue') await certify.mutateAsync(input);
      else await dismiss.mutateAsync(input);
      setNotice({
        tone: 'success',
        text: action === 'issue' ? t('certificates.assigned') : t('certificates.admin.dismissed'),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('certificates.error') });
    }
  };
  const minutes = (seconds: number) => Math.max(0, Math.round(seconds / 60));
  return (
    <section aria-labelledby="certificate-reviews-title" className="certificate-reviews">
      <h2 id="certificate-reviews-title">{t('certificates.admin.reviews')}</h2>
      <p className="muted">{t('certificates.admin.reviewsLead')}</p>
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
      {reviews.isPending ? (
        <Loading />
      ) : reviews.isError ? (
        <ErrorPanel
          message={t('certificates.admin.loadError')}
          onRetry={() => void reviews.refetch()}
          error={reviews.error}
        />
      ) : reviews.data.length === 0 ? (
        <Empty>{t('certificates.admin.noReviews')}</Empty>
      ) : (
        <ul className="link-list">
          {reviews.data.map((review) => {
            const input = { module: review.itemPath, user: review.userId };
            const own = review.userId === viewer._id && !isAdmin(viewer);
            return (
              <li key={`${review.itemId}-${review.userId}`}>
                <span>
                  <span className="pick-list__name">{review.name || '–'}</span>{' '}
                  <span className="pick-list__email">{review.email}</span> — {review.itemName}{' '}
                  <span className="muted">
                    {t('certificates.admin.spent', {
                      spent: minutes(review.secondsSpent),
                      estimated: minutes(review.estimatedSeconds),
                    })}
                  </span>
                </span>
                {own ? (
                  <span className="muted">{t('certificates.admin.notYourOwn')}</span>
                ) : (
                  <span className="button-row">
                    <button
                      type="button"
                      className="button button--small"
                      disabled={busy}
                      onClick={() => setIssuing({ ...input, name: review.name })}
                    >
                      {t('certificates.admin.issue')}
                      <span className="visually-hidden"> ({review.name})</span>
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busy}
                      onClick={() => void act('dismiss', input)}
                    >
                      {t('certificates.admin.dismiss')}
                      <span className="visually-hidden"> ({review.name})</span>
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={issuing !== null}
        title={t('certificates.certify.title')}
        message={<p>{t('certificates.certify.text', { name: issuing?.name ?? '' })}</p>}
        confirmLabel={t('certificates.certify.confirm')}
        busy={busy}
        onConfirm={() => issuing && void act('issue', { module: issuing.module, user: issuing.user })}
        onCancel={() => setIssuing(null)}
      />
    </section>
  );
}
