import '../certificate.css';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateConfigInput } from '../../../../events/certificate/config';
import { formatDate } from '../../../../events/shared/dates';

/**
 * Points of the PDF's page (server/certificate/pdf.ts) that its centred texts may fill: from the
 * first line, 100 pt under the top of the A4 sheet, down to the signature block and the QR code.
 */
const printedTextHeight = 320;

/**
 * Whether the centred texts (header to course dates) run past their part of the printed page,
 * measured on a hidden copy laid out as the PDF lays them out (its width, sizes in points as
 * pixels), whatever the width the preview has on this screen.
 */
function useRunsOverPage(measured: RefObject<HTMLDivElement | null>, texts: string) {
  const [runsOver, setRunsOver] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are what change the copy's height
  useLayoutEffect(() => {
    const element = measured.current;
    if (element) setRunsOver(element.offsetHeight > printedTextHeight);
  }, [measured, texts]);
  return runsOver;
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
  const printed = useRef<HTMLDivElement>(null);
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
  const centred = (
    <>
      {content.header && <p className="certificate-preview__header">{content.header}</p>}
      {content.intro && <p className="certificate-preview__intro">{content.intro}</p>}
      <p className="certificate-preview__name">{t('certificates.config.previewName')}</p>
      {content.requireRiziv && <p className="certificate-preview__small">RIZIV 1-23456-78-901</p>}
      {content.body && <p className="certificate-preview__body">{content.body}</p>}
      <p className="certificate-preview__item">{itemName}</p>
      {dates && <p className="certificate-preview__small">{dates}</p>}
    </>
  );
  const tooLong = useRunsOverPage(
    printed,
    [content.header, content.intro, content.body, content.requireRiziv, itemName, dates].join('\n'),
  );
  return (
    <figure className="certificate-preview" aria-label={t('certificates.config.preview')}>
      <div className="certificate-preview__sheet" lang={language}>
        {centred}
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
      <div ref={printed} className="certificate-preview__printed" lang={language} aria-hidden="true">
        {centred}
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
