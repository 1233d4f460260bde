import fontkit from '@pdf-lib/fontkit';
import {
  degrees,
  fill,
  grayscale,
  PDFDocument,
  type PDFFont,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { translator } from '../i18n';
import type { CertificateDocument } from './document';
import { certificateFontName, certificateFonts, type FontWeight } from './fonts';
import { codePointName, printableText, type Substitution, wrapText } from './printable-text';

/** A4 landscape, in points. */
const WIDTH = 842;
const HEIGHT = 595;
const MARGIN = 36;
const QR_SIZE = 92;

/** Where a certificate's font warnings go: Fastify's request logger, or the console by default. */
export interface PdfLog {
  warn(details: object, message: string): void;
}

const consoleLog: PdfLog = {
  warn: (details, message) => console.warn(`${message} ${JSON.stringify(details)}`),
};

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
 * fontkit, parsing each font file once per process: pdf-lib asks it to parse the fonts for every
 * PDF, which took most of a certificate's time. (A parsed font is only read: each PDF's subset is
 * a new object.)
 */
const parsedFonts = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const fontkitOncePerFile = {
  create(bytes: Uint8Array) {
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The certificate as a one-page PDF (pdf-lib, with subsets of DejaVu Sans and DejaVu Sans Bold
 * embedded, so any name in Latin, Greek, Cyrillic, Vietnamese… prints as written): the config's
 * texts, the holder's name (and riziv when the config asks for it), the course dates, teacher and
 * place, the dates as DD/MM/YYYY, the expiry when timed, and the verification code and address
 * with a QR code. A character the fonts lack is printed as its plain letters or as U+FFFD (see
 * printable-text.ts), and `log` gets a warning naming its code point.
 */
export async function renderCertificatePdf(
  doc: CertificateDocument,
  log: PdfLog = consoleLog,
): Promise<Buffer> {
  const t = translator(doc.language);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkitOncePerFile);
  const files = certificateFonts();
  const fonts: Record<FontWeight, PDFFont> = {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  };
  const glyphs: Record<FontWeight, Set<number>> = {
    regular: new Set(fonts.regular.getCharacterSet()),
    bold: new Set(fonts.bold.getCharacterSet()),
  };
  const substituted: Substitution[] = [];
  const printable = (text: string, weight: FontWeight) =>
    printableText(text, (codePoint) => glyphs[weight].has(codePoint), substituted);
  /** One line of text: runs of white space (line breaks too) as one space. */
  const line = (text: string, weight: FontWeight) => printable(text, weight).replace(/\s+/g, ' ').trim();
  const lines = (text: string, weight: FontWeight, size: number, width: number) =>
    wrapText(printable(text, weight), fonts[weight], size, width);
  const widthOf = (text: string, weight: FontWeight, size: number) =>
    fonts[weight].widthOfTextAtSize(text, size);

  const page = pdf.addPage([WIDTH, HEIGHT]);
  /** Prepared text with its baseline at y (from the bottom), in a grey from 0 (black) to 1. */
  const draw = (text: string, x: number, y: number, weight: FontWeight, size: number, grey = 0) => {
    if (text)
      page.drawText(text, { x: round(x), y: round(y), font: fonts[weight], size, color: grayscale(grey) });
  };
  const centred = (text: string, y: number, weight: FontWeight, size: number, grey = 0) =>
    draw(text, (WIDTH - widthOf(text, weight, size)) / 2, y, weight, size, grey);
  const frame = (x: number, y: number, width: number, height: number, borderWidth: number, grey: number) =>
    page.drawRectangle({ x, y, width, height, borderWidth, borderColor: grayscale(grey) });
  /**
   * A revoked certificate must not pass for a valid one on paper: a word across the page that a
   * photocopy keeps, and a sentence saying since when, which a reader of the text finds first.
   */
  const markRevoked = (revokedAt: string) => {
    const word = line(t('certificatePdf.revokedMark'), 'bold');
    const size = Math.min(110, (WIDTH - 120) / Math.max(1, widthOf(word, 'bold', 1)));
    const angle = Math.atan2(HEIGHT, WIDTH);
    const width = widthOf(word, 'bold', size);
    page.drawText(word, {
      x: round(WIDTH / 2 - (Math.cos(angle) * width) / 2 + (Math.sin(angle) * size) / 3),
      y: round(HEIGHT / 2 - (Math.sin(angle) * width) / 2 - (Math.cos(angle) * size) / 3),
      font: fonts.bold,
      size: round(size),
      rotate: degrees((angle * 180) / Math.PI),
      color: grayscale(0.45),
      opacity: 0.35,
    });
    const notice = line(t('certificatePdf.revoked', { date: revokedAt }), 'bold');
    centred(notice, HEIGHT - MARGIN - 22, 'bold', 12);
  };

  frame(MARGIN / 2, MARGIN / 2, WIDTH - MARGIN, HEIGHT - MARGIN, 2, 0.25);
  frame(MARGIN / 2 + 6, MARGIN / 2 + 6, WIDTH - MARGIN - 12, HEIGHT - MARGIN - 12, 0.5, 0.5);

  let y = HEIGHT - 100;
  const block = (text: string, weight: FontWeight, size: number, width: number, grey = 0, gap = 6) => {
    for (const wrapped of lines(text, weight, size, width)) {
      centred(wrapped, y, weight, size, grey);
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
    draw(line(doc.teacherName, 'bold'), left, bottom, 'bold', 12);
    bottom -= 15;
    if (doc.teacherInfo) {
      for (const wrapped of lines(doc.teacherInfo, 'regular', 10, 300).slice(0, 3)) {
        draw(wrapped, left, bottom, 'regular', 10, 0.3);
        bottom -= 13;
      }
    }
    bottom -= 6;
  }
  const issued = doc.place ? `${doc.place}, ${doc.issuedAt}` : doc.issuedAt;
  draw(line(t('certificatePdf.issued', { date: issued }), 'regular'), left, bottom, 'regular', 11);
  bottom -= 15;
  if (doc.expiresAt)
    draw(line(t('certificatePdf.expires', { date: doc.expiresAt }), 'regular'), left, bottom, 'regular', 11);

  // Verification at the bottom right: the QR code, the code and the address.
  const qrX = WIDTH - MARGIN - 30 - QR_SIZE;
  const qrY = 78;
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    ...qrSquares(doc.verifyUrl, qrX, qrY, QR_SIZE).map((square) =>
      rectangle(round(square.x), round(square.y), round(square.size), round(square.size)),
    ),
    fill(),
    popGraphicsState(),
  );
  const right = (text: string, yy: number, weight: FontWeight, size: number, grey = 0) => {
    const printed = line(text, weight);
    draw(printed, WIDTH - MARGIN - 30 - widthOf(printed, weight, size), yy, weight, size, grey);
  };
  right(t('certificatePdf.code', { code: doc.code }), qrY - 12, 'bold', 9);
  right(doc.verifyUrl, qrY - 24, 'regular', 8, 0.3);
  right(t('certificatePdf.verify'), qrY + QR_SIZE + 8, 'regular', 8, 0.3);

  if (doc.revokedAt) markRevoked(doc.revokedAt);

  if (doc.footer) {
    let footerY = 44;
    for (const wrapped of lines(doc.footer, 'regular', 9, WIDTH - 360)
      .slice(0, 2)
      .reverse()) {
      centred(wrapped, footerY, 'regular', 9, 0.35);
      footerY += 12;
    }
  }

  pdf.setTitle(`${doc.header || doc.itemName} – ${doc.name}`);
  pdf.setLanguage(doc.language);
  pdf.setProducer('SRHR learning platform (pdf-lib)');
  if (substituted.length > 0) {
    const characters = [...new Map(substituted.map((s) => [s.codePoint, s])).values()];
    log.warn(
      {
        certificate: doc.code,
        characters: characters.map((s) => ({
          codePoint: codePointName(s.codePoint),
          character: String.fromCodePoint(s.codePoint),
          printedAs: s.printedAs,
        })),
      },
      `certificate PDF: ${certificateFontName} has no glyph for ${characters.map((s) => codePointName(s.codePoint)).join(', ')}; printed its plain letters or U+FFFD instead`,
    );
  }
  return Buffer.from(await pdf.save());
}
