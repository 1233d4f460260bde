import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../events/errors';
import { parseImport } from '../../../server/user/import-file';

const refusal = (text: string) => {
  try {
    parseImport(text);
  } catch (error) {
    return error instanceof DomainError ? error : null;
  }
  return null;
};

describe('reading an import file or paste', () => {
  it('reads quoted cells (separators, doubled quotes, line breaks) and gives each row the line it starts on', () => {
    const rows = parseImport(
      '\uFEFFname,e-mail,language,profession\r\n' +
        '"Dupré, Amélie",amelie@example.org,fr,"Vroedvrouw ""senior"""\r\n' +
        '\r\n' +
        '"Two\nlines",two@example.org,en,\n' +
        'Short,short@example.org,nl\n',
    );
    expect(rows.map((row) => [row.line, row.cells.name, row.cells.email, row.cells.profession])).toEqual([
      [2, 'Dupré, Amélie', 'amelie@example.org', 'Vroedvrouw "senior"'],
      [4, 'Two\nlines', 'two@example.org', ''],
      [6, 'Short', 'short@example.org', ''],
    ]);
  });

  it('takes a spreadsheet paste (tabs) and Belgian Excel (;), with headers in nl or fr', () => {
    expect(parseImport('Naam\tE-mailadres\tTaal\nAn\tan@example.org\tnl')[0]!.cells).toMatchObject({
      name: 'An',
      email: 'an@example.org',
      language: 'nl',
    });
    expect(parseImport('Nom;Courriel;Langue;Groupe\nBé;be@example.org;fr;Mardi')[0]!.cells).toMatchObject({
      name: 'Bé',
      group: 'Mardi',
    });
  });

  it('refuses a text whose quote is never closed, naming the line, at the field', () => {
    const error = refusal('name,email,language\nAn,an@example.org,nl\n"Open,b@example.org,en\n');
    expect(error?.key).toBe('userImport.unreadable');
    expect(error?.fields).toEqual([{ path: 'text', key: 'userImport.unreadable' }]);
  });

  it('refuses a text without the required columns or without rows', () => {
    expect(refusal('name,language\nAn,nl')?.key).toBe('userImport.missingColumns');
    expect(refusal('name,email,language\n\n')?.key).toBe('userImport.empty');
  });
});
