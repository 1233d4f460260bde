import { describe, expect, it } from 'vitest';
import { certificateConfigSchema } from '../../events/certificate/config';
import { buildCertificateDocument, formatDay } from '../../server/certificate/document';

const config = certificateConfigSchema.parse({
  timed: 2,
  content: {
    header: 'Certificaat',
    intro: 'Hierbij verklaren wij dat',
    body: 'met succes heeft deelgenomen aan',
    requireRiziv: true,
    courseDates: true,
    teacherInfo: 'Coördinator',
    footer: 'Erkend.',
  },
});
const course = {
  startdate: '2026-09-01',
  enddate: '2027-06-30',
  teacher: 'Dr. An Peeters',
  location: 'Brussel',
};

describe('the certificate document', () => {
  it('formats dates as DD/MM/YYYY, a moment on its day in GMT+1', () => {
    expect(formatDay('2027-02-01')).toBe('01/02/2027');
    expect(formatDay('2026-11-22T23:30:00.000Z')).toBe('23/11/2026');
  });

  it('takes the texts from the config, the holder and the course, and the verification link', () => {
    const doc = buildCertificateDocument({
      certificate: {
        code: 'Xy7-kP2mQ9rT4vW8',
        issuedAt: '2026-11-22T10:00:00.000Z',
        expiresAt: '2028-11-22T10:00:00.000Z',
        revokedAt: null,
      },
      config,
      holder: { name: 'Amélie Dupré', riziv: '1-23456-78-901' },
      item: { name: 'Internationale kaders', language: 'nl' },
      course,
      publicUrl: 'https://leren.example.org/',
    });
    expect(doc).toEqual({
      language: 'nl',
      header: 'Certificaat',
      intro: 'Hierbij verklaren wij dat',
      body: 'met succes heeft deelgenomen aan',
      footer: 'Erkend.',
      name: 'Amélie Dupré',
      riziv: '1-23456-78-901',
      itemName: 'Internationale kaders',
      courseDates: '01/09/2026 – 30/06/2027',
      teacherName: 'Dr. An Peeters',
      teacherInfo: 'Coördinator',
      place: 'Brussel',
      issuedAt: '22/11/2026',
      expiresAt: '22/11/2028',
      revokedAt: null,
      code: 'Xy7-kP2mQ9rT4vW8',
      verifyUrl: 'https://leren.example.org/certificate/Xy7-kP2mQ9rT4vW8',
    });
  });

  it('leaves out course dates that start after the certificate was issued (a later edition)', () => {
    const issued = (issuedAt: string, startdate: string) =>
      buildCertificateDocument({
        certificate: { code: 'Xy7-kP2mQ9rT4vW8', issuedAt, expiresAt: null, revokedAt: null },
        config,
        holder: { name: 'Amélie Dupré', riziv: null },
        item: { name: 'Internationale kaders', language: 'nl' },
        course: { ...course, startdate },
        publicUrl: 'https://leren.example.org/',
      }).courseDates;
    expect(issued('2026-11-22T10:00:00.000Z', '2027-02-01')).toBeNull();
    // The start day itself counts, in GMT+1: 23:30 UTC on the 31st is the 1st there.
    expect(issued('2027-01-31T23:30:00.000Z', '2027-02-01')).toBe('01/02/2027 – 30/06/2027');
    expect(issued('2027-01-31T22:30:00.000Z', '2027-02-01')).toBeNull();
  });

  it('dates a revocation on its day in GMT+1', () => {
    const doc = buildCertificateDocument({
      certificate: {
        code: 'AAAAAAAAAAAAAAAA',
        issuedAt: '2026-11-22T10:00:00.000Z',
        expiresAt: null,
        revokedAt: '2026-12-01T23:30:00.000Z',
      },
      config: certificateConfigSchema.parse({}),
      holder: { name: 'Pat', riziv: null },
      item: { name: 'Module', language: 'en' },
      course: null,
      publicUrl: 'http://localhost:3000',
    });
    expect(doc.revokedAt).toBe('02/12/2026');
  });

  it('leaves out what the config does not ask for or nobody gave', () => {
    const doc = buildCertificateDocument({
      certificate: {
        code: 'AAAAAAAAAAAAAAAA',
        issuedAt: '2026-11-22T10:00:00.000Z',
        expiresAt: null,
        revokedAt: null,
      },
      config: certificateConfigSchema.parse({}),
      holder: { name: 'Pat', riziv: '123' },
      item: { name: 'Module', language: 'en' },
      course: null,
      publicUrl: 'http://localhost:3000',
    });
    expect(doc).toMatchObject({
      riziv: null,
      courseDates: null,
      teacherName: null,
      place: null,
      expiresAt: null,
    });
  });
});
