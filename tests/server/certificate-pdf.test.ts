import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { CertificateDocument } from '../../server/certificate/document';
import { type PdfLog, renderCertificatePdf } from '../../server/certificate/pdf';
import { printableText, type Substitution, wrapText } from '../../server/certificate/printable-text';
import { pdfText } from '../pdf-text';

const doc: CertificateDocument = {
  language: 'nl',
  header: 'Certificaat',
  intro: 'Hierbij verklaren wij dat',
  body: 'de opleiding over seksuele en reproductieve gezondheid en rechten met succes heeft gevolgd.',
  footer: 'Erkend door de Belgische ontwikkelingssamenwerking.',
  name: 'Amélie Dupré-Nkosi',
  riziv: '1-23456-78-901',
  itemName: 'SRGR: kaders (deel 1)',
  courseDates: '01/03/2026 – 30/06/2026',
  teacherName: 'Dr. Jan Peeters',
  teacherInfo: 'Docent SRGR, Instituut voor Tropische Geneeskunde',
  place: 'Brussel',
  issuedAt: '23/11/2026',
  expiresAt: '23/11/2029',
  revokedAt: null,
  code: 'Xy7-kP2mQ9rT4vW8',
  verifyUrl: 'https://leren.example.org/certificate/Xy7-kP2mQ9rT4vW8',
};

/** The PDF's streams (page content, fonts), inflated. */
function pdfStreams(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    try {
      out.push(inflateSync(bytes).toString('latin1'));
    } catch {
      out.push(bytes.toString('latin1'));
    }
  }
  return out.join('\n');
}

/** A log that keeps its warnings. */
function recordingLog() {
  const warnings: { details: object; message: string }[] = [];
  const log: PdfLog = { warn: (details, message) => warnings.push({ details, message }) };
  return { log, warnings };
}

describe('the certificate PDF', () => {
  it('prints the texts, the holder, the dates and the verification, readable by a PDF parser', async () => {
    const pdf = await renderCertificatePdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Subsets of the two fonts keep it small (the whole DejaVu Sans is 740 KB).
    expect(pdf.length).toBeLessThan(60_000);
    const text = await pdfText(pdf);
    for (const expected of [
      'Certificaat',
      'Amélie Dupré-Nkosi',
      'RIZIV-nummer: 1-23456-78-901',
      'SRGR: kaders (deel 1)',
      '01/03/2026 – 30/06/2026',
      'Dr. Jan Peeters',
      'Uitgereikt: Brussel, 23/11/2026',
      'Geldig tot 23/11/2029',
      'Verificatiecode: Xy7-kP2mQ9rT4vW8',
      'https://leren.example.org/certificate/Xy7-kP2mQ9rT4vW8',
      'Erkend door de Belgische ontwikkelingssamenwerking.',
    ])
      expect(text).toContain(expected);
  });

  it('leaves out what the document does not have, and speaks the document language', async () => {
    const text = await pdfText(
      await renderCertificatePdf({
        ...doc,
        language: 'fr',
        riziv: null,
        expiresAt: null,
        place: null,
        teacherName: null,
        courseDates: null,
      }),
    );
    expect(text).toContain('Délivré : 23/11/2026');
    expect(text).toContain('Code de vérification : Xy7-kP2mQ9rT4vW8');
    expect(text).not.toContain('INAMI');
    expect(text).not.toContain('Valable');
    expect(text).not.toContain('Peeters');
  });

  it('says across the page and in a sentence that a revoked certificate is no longer valid', async () => {
    const valid = await pdfText(await renderCertificatePdf(doc));
    expect(valid).not.toContain('INGETROKKEN');
    const revoked = await pdfText(await renderCertificatePdf({ ...doc, revokedAt: '01/12/2026' }));
    expect(revoked).toContain('INGETROKKEN');
    expect(revoked).toContain('Dit certificaat is ingetrokken op 01/12/2026 en is niet meer geldig.');
    // Everything else is still printed, so the holder sees which certificate it was.
    expect(revoked).toContain('Amélie Dupré-Nkosi');
    const english = await pdfText(
      await renderCertificatePdf({ ...doc, language: 'en', revokedAt: '01/12/2026' }),
    );
    expect(english).toContain('REVOKED');
  });

  it('draws the QR code of the verification address, one square per dark module', async () => {
    const content = pdfStreams(await renderCertificatePdf(doc));
    const { modules } = QRCode.create(doc.verifyUrl, { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(content.match(/ re\n/g)?.length ?? 0).toBeGreaterThanOrEqual(dark);
  });

  it('prints names in any Latin, Greek, Cyrillic or Vietnamese letters exactly, with subsets of DejaVu Sans', async () => {
    const { log, warnings } = recordingLog();
    const names = ['Łukasz Dvořák-Nguyễn Ağaoğlu', 'Αικατερίνη Παπαδοπούλου', 'Анна Кузнецова-Ёлкина'];
    for (const name of names) {
      const pdf = await renderCertificatePdf({ ...doc, name, teacherName: name, place: 'Đà Nẵng' }, log);
      const text = await pdfText(pdf);
      expect(text.split('\n')).toContain(name);
      expect(text).toContain('Uitgereikt: Đà Nẵng, 23/11/2026');
      expect(text).not.toContain('?');
      expect(pdfStreams(pdf)).toMatch(/\/BaseFont \/DejaVuSans-Bold/);
    }
    // Decomposed input (e + U+0301) prints composed.
    const decomposed = 'Łukasz Dvořák-Nguyễn Ağaoğlu'.normalize('NFD');
    expect(await pdfText(await renderCertificatePdf({ ...doc, name: decomposed }, log))).toContain(
      'Łukasz Dvořák-Nguyễn Ağaoğlu',
    );
    expect(warnings).toEqual([]);
  });

  it('escapes PDF syntax, and prints a character the fonts lack as its plain letters or U+FFFD, with a warning naming it', async () => {
    const { log, warnings } = recordingLog();
    const text = await pdfText(await renderCertificatePdf({ ...doc, name: 'A (B) \\ C 漢 Ｋｉｍ' }, log));
    expect(text).toContain('A (B) \\ C \uFFFD Kim');
    expect(text).not.toContain('?');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('U+6F22, U+FF2B, U+FF49, U+FF4D');
    expect(warnings[0]?.details).toMatchObject({
      certificate: doc.code,
      characters: [
        { codePoint: 'U+6F22', character: '漢', printedAs: '\uFFFD' },
        { codePoint: 'U+FF2B', character: 'Ｋ', printedAs: 'K' },
        { codePoint: 'U+FF49', character: 'ｉ', printedAs: 'i' },
        { codePoint: 'U+FF4D', character: 'ｍ', printedAs: 'm' },
      ],
    });
  });

  it('prepares text for the font: composed, substitutes reported, controls as spaces, invisible marks dropped', () => {
    const has = (codePoint: number) => codePoint < 0x3000 && codePoint !== 0x200d;
    const substituted: Substitution[] = [];
    expect(printableText('Nguye\u0302\u0303n\tA\u200dB\n𝐂 漢', has, substituted)).toBe('Nguyễn AB\nC \uFFFD');
    expect(substituted).toEqual([
      { codePoint: 0x1d402, printedAs: 'C' },
      { codePoint: 0x6f22, printedAs: '\uFFFD' },
    ]);
  });

  it("wraps text with the font's widths, keeping line breaks", () => {
    const font = { widthOfTextAtSize: (text: string, size: number) => text.length * size };
    expect(wrapText('een twee drie vier', font, 10, 90)).toEqual(['een twee', 'drie vier']);
    expect(wrapText('een\ntwee', font, 10, 1000)).toEqual(['een', 'twee']);
    expect(wrapText('onafscheidelijk', font, 10, 50)).toEqual(['onafscheidelijk']);
  });
});
