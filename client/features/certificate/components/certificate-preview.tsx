import '../certificate.css';
import { useTranslation } from 'react-i18next';
import type { CertificateConfigInput } from '../../../../events/certificate/config';
import { formatDate } from '../../../../events/shared/dates';

/**
 * A simple HTML rendering of the certificate beside its config form: the texts as typed, a sample
 * participant, today's date and the expiry the `timed` years give. The PDF is laid out the same way.
 */
export function CertificatePreview({
  config,
  itemName,
  language,
  course,
}: {
  config: CertificateConfigInput;
  itemName: string;
  language: string;
  course: { startdate: string | null; enddate: string | null; teacher: string; location: string } | null;
}) {
  const { t } = useTranslation();
  const content = config.content ?? {};
  const today = new Date();
  const years = Number(config.timed) || 0;
  const expires =
    years > 0 ? new Date(today.getFullYear() + Math.floor(years), today.getMonth(), today.getDate()) : null;
  const teacher = content.teacherName?.trim() || course?.teacher || '';
  const place = content.place?.trim() || course?.location || '';
  const dates =
    content.courseDates && course?.startdate
      ? `${formatDate(course.startdate)}${course.enddate ? ` – ${formatDate(course.enddate)}` : ''}`
      : content.courseDates
        ? t('certificates.config.previewDates')
        : null;
  return (
    <figure className="certificate-preview" aria-label={t('certificates.config.preview')}>
      <div className="certificate-preview__sheet" lang={language}>
        {content.header && <p className="certificate-preview__header">{content.header}</p>}
        {content.intro && <p className="certificate-preview__intro">{content.intro}</p>}
        <p className="certificate-preview__name">{t('certificates.config.previewName')}</p>
        {content.requireRiziv && <p className="certificate-preview__small">RIZIV 1-23456-78-901</p>}
        {content.body && <p className="certificate-preview__body">{content.body}</p>}
        <p className="certificate-preview__item">{itemName}</p>
        {dates && <p className="certificate-preview__small">{dates}</p>}
        {(teacher || content.teacherInfo) && (
          <p className="certificate-preview__small">
            {teacher}
            {teacher && content.teacherInfo ? ' — ' : ''}
            {content.teacherInfo}
          </p>
        )}
        <p className="certificate-preview__small">
          {place ? `${place}, ` : ''}
          {formatDate(today.toISOString())}
          {expires && ` · ${t('certificates.expiresAt')}: ${formatDate(expires.toISOString())}`}
        </p>
        {content.footer && <p className="certificate-preview__footer">{content.footer}</p>}
        <p className="certificate-preview__code">
          {t('certificates.code')}: <em>{t('certificates.config.previewCode')}</em>
        </p>
      </div>
      <figcaption className="muted">{t('certificates.config.previewCaption')}</figcaption>
    </figure>
  );
}
