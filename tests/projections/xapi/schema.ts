import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * A validator for xAPI 1.0.3 statements. No package on the registry ships the specification's JSON
 * schema (those found validate in code), so xapi-1.0.3-statement.schema.json beside this file is
 * written from the specification's statement requirements; its own test shows it refuses what the
 * specification refuses. ajv's `required` checks name IFI properties declared beside them, hence
 * strictRequired and strictTypes off.
 */
export function statementValidator() {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  ajv.addFormat('iri', (value: string) => !/\s/.test(value) && URL.canParse(value));
  const file = path.join(import.meta.dirname, 'xapi-1.0.3-statement.schema.json');
  return ajv.compile(JSON.parse(fs.readFileSync(file, 'utf8')));
}
