import '../certificate.css';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateConfigInput } from '../../../../events/certificate/config';
import { formatDate } from '../../../../events/shared/dates';

/** A4 landscape: the sheet's height for its width. */
const a4Ratio = 210 / 297;

/**
 * Whether the sheet grew taller than A4 for its width: its texts do not fit on the printed page,
 * where they would run over the signature block and the code (the PDF has one page).
 */
function useOverflowsA4(sheet: RefObject<HTMLDivElement | null>) {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = sheet.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.offsetHeight > element.offsetWidth * a4Ratio + 2);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [sheet]);
  return overflows;
}

/**
 * A simple HTML rendering of the certificate beside its config form: the texts as typed, a sample
 * participant, today's date and the expiry the `timed` years give. The PDF is laid out the same way.
 * Long texts are shown whole (the sheet grows), with a notice that they will not fit on the page.
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
  const sheet = useRef<HTMLDivElement>(null);
  const tooLong = useOverflowsA4(sheet);
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
      <div ref={sheet} className="certificate-preview__sheet" lang={language}>
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
      {tooLong && (
        <p className="alert alert--danger" role="status">
          {t('certificates.config.previewTooLong')}
        </p>
      )}
    </figure>
  );
}
