import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import learningLockerWarnings from 'xapi-validation';

const TIN_CAN = path.join(import.meta.dirname, '../../fixtures/standards/xapi/tin-can-json-schema-2.0.0');

/**
 * A validator for xAPI statements against Rustici Software's public JSON schema for the Experience
 * API (npm `tin-can-json-schema` 2.0.0, schema `tcapi:1.0.1`; see tests/fixtures/standards/README.md),
 * loaded unchanged and used as its README says: the combined file registered under `tcapi:1.0.1`,
 * each regular expression of formats.json registered as the format of that name, and a statement
 * checked against `tcapi:1.0.1#statement`. xAPI 1.0.2 and 1.0.3 changed no statement property.
 *
 * The schema is draft-04, which ajv 8 reads with `schemaId: 'id'` once its draft-06+ `id` keyword
 * (which only throws "use $id") is replaced by a plain one, as the ajv-draft-04 package does. Its
 * regular expressions are written for JavaScript without the `u` flag (they name surrogate halves),
 * and strict mode, which checks how a schema is written rather than the data, is off for it.
 */
export function tinCanStatementValidator(): ValidateFunction {
  const schema = JSON.parse(fs.readFileSync(path.join(TIN_CAN, '1.0.1.json'), 'utf8'));
  const formats = JSON.parse(fs.readFileSync(path.join(TIN_CAN, 'formats.json'), 'utf8')) as Record<
    string,
    string
  >;
  const ajv = new Ajv({
    schemaId: 'id',
    validateSchema: false,
    strict: false,
    unicodeRegExp: false,
    allErrors: true,
  });
  ajv.removeKeyword('id');
  ajv.addKeyword('id');
  for (const [name, source] of Object.entries(formats)) ajv.addFormat(name, new RegExp(source));
  ajv.addSchema(schema, 'tcapi:1.0.1');
  const validate = ajv.getSchema('tcapi:1.0.1#statement');
  if (!validate) throw new Error('tcapi:1.0.1#statement is missing from the Tin Can schema');
  return validate;
}

/**
 * A validator for xAPI 1.0.3 statements against xapi-1.0.3-statement.schema.json beside this file,
 * written for these tests from the specification's statement requirements. It is kept beside the
 * Tin Can schema because it refuses what that one lets pass: a timestamp in another ISO 8601 form
 * than RFC 3339's (a bare date, a week), a `version` other than 1.0.x, and a UUID of no known version
 * or variant. ajv's `required` checks name IFI properties declared beside them, hence strictRequired
 * and strictTypes off.
 */
export function statementValidator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  ajv.addFormat('iri', (value: string) => !/\s/.test(value) && URL.canParse(value));
  const file = path.join(import.meta.dirname, 'xapi-1.0.3-statement.schema.json');
  return ajv.compile(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * Learning Locker's own statement check (npm `xapi-validation`, conformance tested with its LRS), as
 * a function shaped like ajv's: true when it finds no problem, the problems in `errors` otherwise.
 */
function learningLockerValidator(): { (statement: unknown): boolean; errors: unknown } {
  const validate = Object.assign(
    (statement: unknown) => {
      const warnings = learningLockerWarnings(statement);
      validate.errors = warnings.map((warning) => ({ path: warning.path.join('.'), name: warning.name }));
      return warnings.length === 0;
    },
    { errors: null as unknown },
  );
  return validate;
}

/** The validators, named, for tests that check a statement against each. */
export const statementValidators = () =>
  [
    ['Tin Can schema (tcapi:1.0.1)', tinCanStatementValidator()],
    ['xapi-1.0.3-statement.schema.json', statementValidator()],
    ["Learning Locker's xapi-validation", learningLockerValidator()],
  ] as const;
