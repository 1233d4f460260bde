import QRCode from 'qrcode';
import { translator } from '../i18n';
import type { CertificateDocument } from './document';
import { type FontName, PdfPage, textWidth as textWidthOf, wrapText, writePdf } from './pdf-writer';

/** A4 landscape, in points. */
const WIDTH = 842;
const HEIGHT = 595;
const MARGIN = 36;
const QR_SIZE = 92;

/** The QR code of the verification address as black squares at (x, y), bottom-left corner. */
function qrSquares(url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  const squares: { x: number; y: number; size: number }[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      // A hair wider than a cell, so neighbouring squares leave no seams in any reader.
      if (modules.get(row, column))
        squares.push({ x: x + column * cell, y: y + size - (row + 1) * cell, size: cell + 0.05 });
    }
  }
  return squares;
}

/**
 * The certificate as a one-page PDF: the config's texts, the holder's name (and riziv when the
 * config asks for it), the course dates, teacher and place, the dates as DD/MM/YYYY, the expiry
 * when timed, and the verification code and address with a QR code.
 */
export async function renderCertificatePdf(doc: CertificateDocument): Promise<Buffer> {
  const t = translator(doc.language);
  const page = new PdfPage(WIDTH, HEIGHT);
  page.rectangle(MARGIN / 2, MARGIN / 2, WIDTH - MARGIN, HEIGHT - MARGIN, 2, 0.25);
  page.rectangle(MARGIN / 2 + 6, MARGIN / 2 + 6, WIDTH - MARGIN - 12, HEIGHT - MARGIN - 12, 0.5, 0.5);

  let y = HEIGHT - 100;
  const block = (text: string, font: FontName, size: number, width: number, grey = 0, gap = 6) => {
    for (const line of wrapText(text, font, size, width)) {
      page.centred(line, y, font, size, grey);
      y -= size * 1.3;
    }
    y -= gap;
  };

  if (doc.header) block(doc.header, 'bold', 28, WIDTH - 160, 0, 14);
  if (doc.intro) block(doc.intro, 'regular', 14, WIDTH - 200, 0.2, 18);
  block(doc.name, 'bold', 26, WIDTH - 160, 0, 8);
  if (doc.riziv) block(t('certificatePdf.riziv', { riziv: doc.riziv }), 'regular', 11, WIDTH - 200, 0.3, 8);
  else y -= 8;
  if (doc.body) block(doc.body, 'regular', 13, WIDTH - 220, 0.1, 10);
  block(doc.itemName, 'bold', 17, WIDTH - 200, 0, 4);
  if (doc.courseDates) block(doc.courseDates, 'regular', 12, WIDTH - 200, 0.3, 4);

  // The signature block at the bottom left: teacher, place and date, expiry.
  let bottom = 150;
  const left = MARGIN + 30;
  if (doc.teacherName) {
    page.text(doc.teacherName, left, bottom, 'bold', 12);
    bottom -= 15;
    if (doc.teacherInfo) {
      for (const line of wrapText(doc.teacherInfo, 'regular', 10, 300).slice(0, 3)) {
        page.text(line, left, bottom, 'regular', 10, 0.3);
        bottom -= 13;
      }
    }
    bottom -= 6;
  }
  const issued = doc.place ? `${doc.place}, ${doc.issuedAt}` : doc.issuedAt;
  page.text(t('certificatePdf.issued', { date: issued }), left, bottom, 'regular', 11);
  bottom -= 15;
  if (doc.expiresAt)
    page.text(t('certificatePdf.expires', { date: doc.expiresAt }), left, bottom, 'regular', 11);

  // Verification at the bottom right: the QR code, the code and the address.
  const qrX = WIDTH - MARGIN - 30 - QR_SIZE;
  const qrY = 78;
  page.fill(qrSquares(doc.verifyUrl, qrX, qrY, QR_SIZE));
  const right = (text: string, yy: number, font: FontName, size: number, grey = 0) =>
    page.text(text, WIDTH - MARGIN - 30 - textWidthOf(text, font, size), yy, font, size, grey);
  right(t('certificatePdf.code', { code: doc.code }), qrY - 12, 'bold', 9);
  right(doc.verifyUrl, qrY - 24, 'regular', 8, 0.3);
  right(t('certificatePdf.verify'), qrY + QR_SIZE + 8, 'regular', 8, 0.3);

  if (doc.footer) {
    let footerY = 44;
    for (const line of wrapText(doc.footer, 'regular', 9, WIDTH - 360)
      .slice(0, 2)
      .reverse()) {
      page.centred(line, footerY, 'regular', 9, 0.35);
      footerY += 12;
    }
  }
  return writePdf(page, `${doc.header || doc.itemName} – ${doc.name}`);
}
