import type { CertificateConfig } from '../../events/certificate/config';
import type { Language } from '../../events/shared/fields';
import type { CertificateRecord } from '../../projections/certificate/certificates';

/**
 * Everything the PDF renderer (server/certificate/pdf.ts) prints, already decided and formatted:
 * texts from the certificate config, the holder, the item, dates as DD/MM/YYYY and the verification.
 */
export interface CertificateDocument {
  language: Language;
  header: string;
  intro: string;
  body: string;
  footer: string;
  name: string;
  /** Printed when the config asks for a riziv number (requireRiziv) and the holder has one. */
  riziv: string | null;
  itemName: string;
  /** "DD/MM/YYYY – DD/MM/YYYY" when the config prints the course dates and the course has them. */
  courseDates: string | null;
  teacherName: string | null;
  teacherInfo: string | null;
  place: string | null;
  issuedAt: string;
  expiresAt: string | null;
  /** DD/MM/YYYY when the certificate was revoked: the PDF then says so across the page. */
  revokedAt: string | null;
  code: string;
  verifyUrl: string;
}

/** The platform's times are read in GMT+1 (docs/guide/certificates.md), as the web client does. */
const platformOffsetMs = 60 * 60 * 1000;

/** YYYY-MM-DD of a calendar date (as written) or of a moment (its day in GMT+1), for comparing days. */
const dayOf = (value: string) => formatDay(value).split('/').reverse().join('-');

/** DD/MM/YYYY of a calendar date (YYYY-MM-DD, kept as written) or of a moment (its day in GMT+1). */
export function formatDay(value: string): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) return `${date[3]}/${date[2]}/${date[1]}`;
  const shifted = new Date(Date.parse(value) + platformOffsetMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(shifted.getUTCDate())}/${pad(shifted.getUTCMonth() + 1)}/${shifted.getUTCFullYear()}`;
}

const textOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The verification page of a code, on the platform's public address. */
export const verifyUrlOf = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/certificate/${encodeURIComponent(code)}`;

export interface DocumentSources {
  certificate: Pick<CertificateRecord, 'code' | 'issuedAt' | 'expiresAt' | 'revokedAt'>;
  /** The config of the certificate's module or course (the default config when none was saved). */
  config: CertificateConfig;
  holder: { name: string; riziv: string | null };
  /** The module or course the certificate is for. */
  item: { name: string; language: Language };
  /** The course the item belongs to (itself for a course certificate); null for a module in no course. */
  course: { startdate: string | null; enddate: string | null; teacher: string; location: string } | null;
  publicUrl: string;
}

/** Builds what the PDF prints from a certificate, its config, the holder and the course. Pure. */
export function buildCertificateDocument(sources: DocumentSources): CertificateDocument {
  const { certificate, config, holder, item, course } = sources;
  const { content } = config;
  // Dates that start after the certificate was issued are not what the holder followed (a later
  // edition, a course planned again): the certificate leaves them out rather than state them.
  const dates =
    content.courseDates && course?.startdate && dayOf(course.startdate) <= dayOf(certificate.issuedAt)
      ? course.enddate
        ? `${formatDay(course.startdate)} – ${formatDay(course.enddate)}`
        : formatDay(course.startdate)
      : null;
  return {
    language: item.language,
    header: content.header,
    intro: content.intro,
    body: content.body,
    footer: content.footer,
    name: holder.name,
    riziv: content.requireRiziv ? textOrNull(holder.riziv) : null,
    itemName: item.name,
    courseDates: dates,
    teacherName: textOrNull(content.teacherName) ?? textOrNull(course?.teacher),
    teacherInfo: textOrNull(content.teacherInfo),
    place: textOrNull(content.place) ?? textOrNull(course?.location),
    issuedAt: formatDay(certificate.issuedAt),
    expiresAt: certificate.expiresAt ? formatDay(certificate.expiresAt) : null,
    revokedAt: certificate.revokedAt ? formatDay(certificate.revokedAt) : null,
    code: certificate.code,
    verifyUrl: verifyUrlOf(sources.publicUrl, certificate.code),
  };
}
