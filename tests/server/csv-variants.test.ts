import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateConfigSchema } from '../../events/certificate/config';
import { DAY_MS } from '../../events/certificate/reminders';
import { DomainError } from '../../events/errors';
import { allRules } from '../../events/permissions';
import type { CertificateRecord } from '../../projections/certificate/certificates';
import { buildApp } from '../../server/app';
import {
  certify,
  configureModuleCertificate,
  revokeModuleCertificate,
} from '../../server/certificate/commands';
import { csvVariantOf, momentCells, spreadsheetDateTime } from '../../server/http/csv-variant';
import { type CsvPage, resultsCsvHeader, resultsCsvRow } from '../../server/result/results-csv';
import { certificatesCell } from '../../server/user/users-csv';
import { emptyClientRoot, graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

describe('the spreadsheet variant, cell by cell', () => {
  it.each([
    ['2026-11-27T23:11:31.713Z', '28/11/2026 00:11'],
    ['2026-11-27T22:59:59.999Z', '27/11/2026 23:59'],
    ['2026-12-31T23:00:00.000Z', '01/01/2027 00:00'],
    // GMT+1 all year, as the platform shows times: no summer hour.
    ['2026-07-01T12:05:00.000Z', '01/07/2026 13:05'],
    ['', ''],
    ['not a date', 'not a date'],
  ])('reads %s in GMT+1 as %s', (iso, local) => {
    expect(spreadsheetDateTime(iso)).toBe(local);
  });

  it('writes a moment bare as local time then quoted as ISO; anything unreadable quoted and neutralised', () => {
    expect(momentCells('2026-11-27T23:11:31.713Z', 'spreadsheet')).toEqual([
      '28/11/2026 00:11',
      '"2026-11-27T23:11:31.713Z"',
    ]);
    expect(momentCells('2026-11-27T23:11:31.713Z', 'plain')).toEqual(['"2026-11-27T23:11:31.713Z"']);
    expect(momentCells('', 'spreadsheet')).toEqual(['""', '""']);
    expect(momentCells('=1+1', 'spreadsheet')).toEqual([`"'=1+1"`, `"'=1+1"`]);
  });

  it('knows the plain and spreadsheet variants and refuses any other', () => {
    expect(csvVariantOf(undefined)).toBe('plain');
    expect(csvVariantOf('spreadsheet')).toBe('spreadsheet');
    for (const given of ['excel', '', 'SPREADSHEET', ['spreadsheet']]) {
      const refusal = (() => {
        try {
          csvVariantOf(given);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).code).toBe('INVALID');
      expect((refusal as DomainError).key).toBe('validation.csvFor');
    }
  });

  const pages: CsvPage[] = [
    {
      path: 'quiz',
      name: 'Quiz',
      maxScore: 2,
      questions: [{ name: 'why', label: 'Waarom?', questionType: 'open', options: [], maxScore: 2 }],
    },
  ];
  const t = ((key: string) => `<${key.replace('resultsCsv.', '')}>`) as unknown as TFunction;

  it('gives each moment of the results two columns, local then ISO keeping the key', () => {
    expect(resultsCsvHeader(pages, t, 'spreadsheet').slice(0, 8)).toEqual([
      '<id> [_id]',
      '<name> [name]',
      '<email> [email]',
      '<startedAt> [startedAt/local]',
      '<startedAt> (ISO) [startedAt]',
      '<updatedAt> [updatedAt/local]',
      '<updatedAt> (ISO) [updatedAt]',
      'Quiz: Waarom? [quiz/why/answer]',
    ]);
    expect(resultsCsvHeader(pages, t)).toEqual(resultsCsvHeader(pages, t, 'plain'));
  });

  it('writes the local times, decimal commas and still neutralises formulas', () => {
    const row = {
      userId: 'u1',
      name: '=SUM(A1)',
      email: 'rita@example.org',
      startedAt: '2026-11-27T23:11:31.713Z',
      updatedAt: '2026-11-28T08:00:00.000Z',
      scores: [1.5],
      answers: ['@home'],
    };
    expect(resultsCsvRow(pages, row, 'spreadsheet')).toEqual([
      '"u1"',
      `"'=SUM(A1)"`,
      '"rita@example.org"',
      '28/11/2026 00:11',
      '"2026-11-27T23:11:31.713Z"',
      '28/11/2026 09:00',
      '"2026-11-28T08:00:00.000Z"',
      `"'@home"`,
      '1,5',
      '1,5',
      '1,5',
      '2',
      '75',
    ]);
    expect(resultsCsvRow(pages, row).slice(3, 5)).toEqual([
      '"2026-11-27T23:11:31.713Z"',
      '"2026-11-28T08:00:00.000Z"',
    ]);
    expect(resultsCsvRow(pages, row).at(-5)).toBe('1.5');
  });

  it('names the latest certificate per course and module with its status, newest first', () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    const certificate = (over: Partial<CertificateRecord>): CertificateRecord => ({
      certificateId: 'c',
      code: 'x',
      kind: 'module',
      itemId: 'm1',
      itemPath: 'hiv',
      userId: 'u1',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expiresAt: null,
      how: 'auto',
      issuedBy: null,
      revokedAt: null,
      revokedBy: null,
      revokeReason: null,
      ...over,
    });
    expect(
      certificatesCell(
        [
          certificate({ itemPath: 'hiv' }),
          certificate({ itemPath: 'hiv', revokedAt: '2025-01-01T00:00:00.000Z' }),
          certificate({
            kind: 'course',
            itemId: 'c1',
            itemPath: 'gezin',
            expiresAt: '2026-11-01T00:00:00.000Z',
          }),
          certificate({ itemId: 'm2', itemPath: 'pil', revokedAt: '2026-05-01T00:00:00.000Z' }),
        ],
        now,
      ),
    ).toBe('hiv:valid gezin:expired pil:revoked');
    expect(certificatesCell([], now)).toBe('');
  });
});

/** The cells of a CSV line without quotes inside them (the lines these tests read). */
const cellsOf = (line: string, separator: string) =>
  line
    .replace(/^\uFEFF/, '')
    .split(separator)
    .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell));

describe.each(databaseKinds)('the CSV downloads in both variants on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: { userId: string; token: string };
  let teacher: { token: string };
  let holder: { userId: string; email: string; token: string };
  let formula: { userId: string; email: string };
  const actor = () => ({ userId: admin.userId, roles: ['admin'], rules: allRules() });
  const meta = (now = new Date()) => ({ actorId: admin.userId, requestId: 'csv-variants', now });

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    admin = await addTestUser(platform, { roles: ['admin'] });
    teacher = await addTestUser(platform, { roles: ['teacher'] });
    holder = await addTestUser(platform, { name: 'Inès Dubois' });
    formula = await addTestUser(platform, { name: '=HYPERLINK("x")' });
    const as = { authorization: `Bearer ${admin.token}` };
    const mutate = async (procedure: string, input: object, headers: Record<string, string>) => {
      const answer = await app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await mutate('module.create', { path: 'hiv', module: { name: 'HIV', language: 'nl' } }, as);
    await mutate(
      'page.create',
      {
        parentType: 'module',
        parentPath: 'hiv',
        path: 'hiv-q',
        page: {
          name: 'Q',
          type: 'question',
          content: [
            {
              type: 'radio',
              questionType: 'single',
              name: 'q',
              label: 'Juist?',
              schema: {},
              options: [
                { label: 'Juist', value: 'right', score: 1 },
                { label: 'Fout', value: 'wrong', score: 0 },
              ],
            },
          ],
        },
      },
      as,
    );
    await mutate(
      'result.save',
      { module: 'hiv', page: 'hiv-q', result: { answers: { q: 'right' }, confirm: ['q'] } },
      { authorization: `Bearer ${holder.token}` },
    );
    const yearAgo = new Date(Date.now() - 400 * DAY_MS);
    await configureModuleCertificate(platform, actor(), meta(yearAgo), {
      path: 'hiv',
      config: certificateConfigSchema.parse({ timed: 1 }),
    });
    // One certificate standing, expiring in about 30 days; the other person's revoked.
    await certify(platform, actor(), meta(new Date(Date.now() - 335 * DAY_MS)), {
      module: 'hiv',
      user: holder.userId,
    });
    await certify(platform, actor(), meta(yearAgo), { module: 'hiv', user: formula.userId });
    await revokeModuleCertificate(platform, actor(), meta(), { module: 'hiv', user: formula.userId });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const get = (url: string, token: string | null = admin.token, language = 'nl') =>
    app.inject({
      url,
      headers: { 'x-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const lineOf = (body: string, email: string) => body.split('\r\n').find((line) => line.includes(email))!;

  it('keeps the plain users CSV as it was, with the certificates column added last, as GraphQL gives it', async () => {
    const plain = await get('/api/users.csv');
    expect(plain.statusCode).toBe(200);
    const [header] = plain.body.split('\r\n');
    expect(header).toBe(
      '\uFEFF"_id","name","email","phone","profession","riziv","language","roles","verified","fullPrivacy","courses","modules","createdAt","certificates"',
    );
    const row = cellsOf(lineOf(plain.body, holder.email), ',');
    expect(row[0]).toBe(holder.userId);
    expect(row[12]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.at(-1)).toBe('hiv:valid');
    expect(cellsOf(lineOf(plain.body, formula.email), ',').at(-1)).toBe('hiv:revoked');
    const query = await graphql<{ usersCSV: string }>(app, '{ usersCSV }', { token: admin.token });
    expect(query.data?.usersCSV).toBe(plain.body);
  });

  it('gives the users CSV for a spreadsheet: semicolons, headers in the reader’s language with keys, local times then ISO', async () => {
    const sheet = await get('/api/users.csv?for=spreadsheet');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const [header] = sheet.body.split('\r\n');
    expect(header).toBe(
      '\uFEFF"Id [_id]";"Naam [name]";"E-mailadres [email]";"Telefoon [phone]";"Beroep [profession]";"RIZIV-nummer [riziv]";"Taal [language]";"Rollen [roles]";"Bevestigd [verified]";"Volledige privacy [fullPrivacy]";"Cursussen [courses]";"Modules [modules]";"Aangemaakt op [createdAt/local]";"Aangemaakt op (ISO) [createdAt]";"Certificaten [certificates]"',
    );
    const row = cellsOf(lineOf(sheet.body, holder.email), ';');
    expect(row).toHaveLength(15);
    expect(row[1]).toBe('Inès Dubois');
    expect(row[12]).toBe(spreadsheetDateTime(row[13]));
    expect(row[12]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(row[14]).toBe('hiv:valid');
    expect(lineOf(sheet.body, formula.email)).toContain(`;"'=HYPERLINK(""x"")";`);

    const french = await get('/api/users.csv?for=spreadsheet', admin.token, 'fr');
    expect(french.body.split('\r\n')[0]).toContain('"Nom [name]";"Adresse e-mail [email]"');
    expect(french.body.split('\r\n')[0]).toMatch(/"Certificats \[certificates\]"$/);
  });

  it('gives the expiring certificates for a spreadsheet', async () => {
    const plain = await get('/api/certificates/expiring.csv');
    expect(plain.body.split('\r\n')[0]).toBe(
      '\uFEFF"code","kind","item","itemName","_id","name","email","language","issuedAt","expiresAt","daysLeft","remindersSent"',
    );
    const sheet = await get('/api/certificates/expiring.csv?for=spreadsheet', admin.token, 'en');
    expect(sheet.statusCode).toBe(200);
    const [header, line] = sheet.body.split('\r\n');
    expect(header).toBe(
      '\uFEFF"Code [code]";"Kind [kind]";"Course or module [item]";"Course or module name [itemName]";"Id [_id]";"Name [name]";"E-mail [email]";"Language [language]";"Issued [issuedAt/local]";"Issued (ISO) [issuedAt]";"Expires [expiresAt/local]";"Expires (ISO) [expiresAt]";"Days left [daysLeft]";"Reminders sent (days before) [remindersSent]"',
    );
    const row = cellsOf(line!, ';');
    expect(row[6]).toBe(holder.email);
    expect(row[8]).toBe(spreadsheetDateTime(row[9]));
    expect(row[10]).toBe(spreadsheetDateTime(row[11]));
  });

  it('gives the results for a spreadsheet, the plain one still what GraphQL gives', async () => {
    const plain = await get('/api/results/hiv.csv');
    expect(plain.statusCode).toBe(200);
    const query = await graphql<{ resultCSV: string }>(app, '{ resultCSV(path: "hiv") }', {
      token: admin.token,
    });
    expect(query.data?.resultCSV).toBe(plain.body);
    expect(plain.body.split('\r\n')[0]).toBe(
      '\uFEFF"Id [_id]","Naam [name]","E-mailadres [email]","Begonnen op [startedAt]","Laatst actief [updatedAt]","Q: Juist? [hiv-q/q/answer]","Q: Juist? (score) [hiv-q/q]","Q: totaal [hiv-q/total]","Totaal [total]","Maximumscore [maxScore]","Percentage [percent]"',
    );
    const sheet = await get('/api/results/hiv.csv?for=spreadsheet');
    expect(sheet.statusCode).toBe(200);
    const [header, line] = sheet.body.split('\r\n');
    expect(header).toBe(
      '\uFEFF"Id [_id]";"Naam [name]";"E-mailadres [email]";"Begonnen op [startedAt/local]";"Begonnen op (ISO) [startedAt]";"Laatst actief [updatedAt/local]";"Laatst actief (ISO) [updatedAt]";"Q: Juist? [hiv-q/q/answer]";"Q: Juist? (score) [hiv-q/q]";"Q: totaal [hiv-q/total]";"Totaal [total]";"Maximumscore [maxScore]";"Percentage [percent]"',
    );
    const row = cellsOf(line!, ';');
    expect(row.slice(0, 3)).toEqual([holder.userId, 'Inès Dubois', holder.email]);
    expect(row[3]).toBe(spreadsheetDateTime(row[4]));
    expect(row[5]).toBe(spreadsheetDateTime(row[6]));
    expect(row.slice(7)).toEqual(['Juist', '1', '1', '1', '1', '100']);
  });

  it('refuses an unknown variant with 400 in the reader’s language, after the route’s right', async () => {
    for (const url of ['/api/users.csv', '/api/certificates/expiring.csv', '/api/results/hiv.csv']) {
      const refused = await get(`${url}?for=excel`);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toBe(
        'Onbekende CSV-variant: laat „for” weg of gebruik for=spreadsheet.',
      );
      const english = await get(`${url}?for=excel`, admin.token, 'en');
      expect(english.json().message, url).toBe(
        'Unknown CSV variant: leave out “for”, or use for=spreadsheet.',
      );
      expect((await get(`${url}?for=spreadsheet&for=spreadsheet`)).statusCode, url).toBe(400);
    }
    for (const url of ['/api/users.csv', '/api/certificates/expiring.csv']) {
      expect((await get(`${url}?for=excel`, null)).statusCode, url).toBe(401);
      expect((await get(`${url}?for=excel`, teacher.token)).statusCode, url).toBe(403);
    }
  });

  it('asks the same right of the spreadsheet variant as of the plain one', async () => {
    for (const url of ['/api/users.csv', '/api/certificates/expiring.csv', '/api/results/hiv.csv']) {
      for (const variant of ['', '?for=spreadsheet']) {
        expect((await get(`${url}${variant}`, null)).statusCode, url + variant).toBe(401);
        expect((await get(`${url}${variant}`, teacher.token)).statusCode, url + variant).toBe(403);
        expect((await get(`${url}${variant}`, holder.token)).statusCode, url + variant).toBe(403);
      }
    }
  });
});
