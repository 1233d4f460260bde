import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { CertificateDocument } from '../../server/certificate/document';
import { renderCertificatePdf } from '../../server/certificate/pdf';
import { textWidth, wrapText } from '../../server/certificate/pdf-writer';
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
  code: 'Xy7-kP2mQ9rT4vW8',
  verifyUrl: 'https://leren.example.org/certificate/Xy7-kP2mQ9rT4vW8',
};

describe('the certificate PDF', () => {
  it('prints the texts, the holder, the dates and the verification, readable by a PDF parser', async () => {
    const pdf = await renderCertificatePdf(doc);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
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

  it('draws the QR code of the verification address, one square per dark module', async () => {
    const pdf = (await renderCertificatePdf(doc)).toString('latin1');
    const { modules } = QRCode.create(doc.verifyUrl, { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(pdf.match(/ re\n/g)?.length ?? 0).toBeGreaterThanOrEqual(dark - 1);
  });

  it('escapes PDF syntax and replaces what WinAnsi cannot encode', async () => {
    const text = await pdfText(await renderCertificatePdf({ ...doc, name: 'A (B) \\ C 漢' }));
    expect(text).toContain('A (B) \\ C ?');
  });

  it('measures and wraps text with the Helvetica metrics', () => {
    expect(textWidth('i', 'regular', 1000)).toBe(222);
    expect(textWidth('W', 'bold', 1000)).toBe(944);
    expect(wrapText('een twee drie vier', 'regular', 10, textWidth('een twee', 'regular', 10))).toEqual([
      'een twee',
      'drie vier',
    ]);
  });
});
