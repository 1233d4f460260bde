import type { z } from 'zod';
import { builder } from './builder';

/**
 * GraphQL input types generated from the zod schemas the commands validate with, so the typed
 * inputs an integrator sees cannot drift from what the server accepts. The input only describes
 * shapes (names, scalar kinds, lists, what is required); the value still goes through the same zod
 * schema, which checks lengths, formats, ranges and cross-field rules and names the refused fields.
 *
 * Mapping: string, literal, enum, and unions of strings (dates) → String (the allowed values in the
 * description); number → Int when `.int()`, else Float; boolean → Boolean; array → a list;
 * object → an input object; a discriminated union → one tagged input whose fields are the union of
 * the variants' fields, only the tag and the fields every variant requires being required;
 * optional, nullable and defaulted fields are optional. Anything else is JSON.
 */

type Schema = z.core.$ZodType;
type Scalar = 'String' | 'Int' | 'Float' | 'Boolean' | 'JSON';
// biome-ignore lint/suspicious/noExplicitAny: input refs of any shape; the value is checked by zod.
type InputRef = ReturnType<typeof builder.inputRef<any>>;
type Kind = Scalar | InputRef;

interface Field {
  kind: Kind;
  list: boolean;
  required: boolean;
  description?: string;
}

const defOf = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown> & { type: string };

/** The schema under optional/nullable/default/pipe wrappers, and whether a value may be left out. */
function unwrap(schema: Schema): { core: Schema; optional: boolean } {
  let core = schema;
  let optional = false;
  for (;;) {
    const def = defOf(core);
    if (['optional', 'nullable', 'default', 'prefault', 'catch'].includes(def.type)) {
      optional = true;
      core = def.innerType as Schema;
    } else if (def.type === 'pipe') core = def.in as Schema;
    else if (def.type === 'readonly') core = def.innerType as Schema;
    else return { core, optional };
  }
}

const objectShape = (schema: Schema): Record<string, Schema> | null => {
  const { core } = unwrap(schema);
  return defOf(core).type === 'object' ? (defOf(core).shape as Record<string, Schema>) : null;
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export class ZodInputs {
  private readonly refs = new Map<Schema, InputRef>();

  /**
   * `names` gives shared nested schemas one name (ImageInput in every form that has an image);
   * `descriptions` adds a note to a nested type's description.
   */
  constructor(
    private readonly names: Map<Schema, string>,
    private readonly descriptions: Map<Schema, string> = new Map(),
  ) {}

  /**
   * The input type `name` for an object schema, with `extra` fields beside the schema's (what the
   * GraphQL `doc` carries besides the form, such as `path`). `partial`: every field optional, for
   * updates that change only what they name.
   */
  object(
    name: string,
    schema: Schema,
    options: { extra?: Record<string, Schema>; partial?: boolean; description?: string } = {},
  ): InputRef {
    const shape = objectShape(schema);
    if (!shape) throw new Error(`${name}: not an object schema`);
    const fields = this.fieldsOf(name, { ...shape, ...options.extra });
    if (options.partial) for (const field of Object.values(fields)) field.required = false;
    return this.define(name, fields, options.description);
  }

  private define(name: string, fields: Record<string, Field>, description?: string): InputRef {
    return builder.inputRef<Record<string, unknown>>(name).implement({
      description,
      fields: (t) =>
        Object.fromEntries(
          Object.entries(fields).map(([key, field]) => [
            key,
            t.field({
              // biome-ignore lint/suspicious/noExplicitAny: a type chosen at run time.
              type: (field.list ? [field.kind] : field.kind) as any,
              required: field.required,
              description: field.description,
            }),
          ]),
        ),
    }) as InputRef;
  }

  private fieldsOf(owner: string, shape: Record<string, Schema>): Record<string, Field> {
    return Object.fromEntries(
      Object.entries(shape).map(([key, schema]) => [key, this.field(`${owner}${capitalized(key)}`, schema)]),
    );
  }

  private field(nameIfObject: string, schema: Schema): Field {
    const { core, optional } = unwrap(schema);
    const def = defOf(core);
    if (def.type === 'array') {
      const element = this.field(nameIfObject, def.element as Schema);
      if (element.list) return { kind: 'JSON', list: false, required: !optional };
      return { kind: element.kind, list: true, required: !optional, description: element.description };
    }
    return { ...this.kindOf(nameIfObject, core), list: false, required: !optional };
  }

  private kindOf(nameIfObject: string, core: Schema): { kind: Kind; description?: string } {
    const def = defOf(core);
    switch (def.type) {
      case 'string':
        return { kind: 'String' };
      case 'boolean':
        return { kind: 'Boolean' };
      case 'number':
        return { kind: (core as unknown as { isInt?: boolean }).isInt ? 'Int' : 'Float' };
      case 'enum': {
        const values = Object.values(def.entries as Record<string, string>);
        return { kind: 'String', description: `One of: ${values.join(', ')}.` };
      }
      case 'literal': {
        const values = def.values as unknown[];
        if (values.every((value) => typeof value === 'string'))
          return { kind: 'String', description: `Always: ${values.join(', ')}.` };
        return { kind: 'JSON' };
      }
      case 'object':
        return { kind: this.nested(nameIfObject, core) };
      case 'union': {
        const options = def.options as Schema[];
        if (typeof def.discriminator === 'string') return { kind: this.tagged(nameIfObject, core) };
        const kinds = options.map((option) => this.kindOf(nameIfObject, unwrap(option).core).kind);
        if (kinds.every((kind) => kind === 'String')) return { kind: 'String' };
        return { kind: 'JSON' };
      }
      default:
        return { kind: 'JSON' };
    }
  }

  private nested(fallbackName: string, schema: Schema): InputRef {
    const known = this.refs.get(schema);
    if (known) return known;
    const name = this.names.get(schema) ?? `${fallbackName}Input`;
    const ref = this.define(name, this.fieldsOf(name.replace(/Input$/, ''), objectShape(schema)!));
    this.refs.set(schema, ref);
    return ref;
  }

  /** One input for a discriminated union: the tag required, every variant's fields beside it. */
  private tagged(fallbackName: string, schema: Schema): InputRef {
    const known = this.refs.get(schema);
    if (known) return known;
    const name = this.names.get(schema) ?? `${fallbackName}Input`;
    const def = defOf(schema);
    const tag = def.discriminator as string;
    const variants = (def.options as Schema[]).map((option) => objectShape(option)!);
    const owner = name.replace(/Input$/, '');
    const fields: Record<string, Field> = {};
    const tags: string[] = [];
    const allowed: Record<string, string[]> = {};
    for (const variant of variants) {
      const literal = defOf(unwrap(variant[tag]!).core).values as string[];
      tags.push(...literal);
      for (const [key, field] of Object.entries(this.fieldsOf(owner, variant))) {
        const values = field.description?.match(/^(?:Always|One of): (.*)\.$/)?.[1];
        if (values) allowed[key] = [...(allowed[key] ?? []), ...values.split(', ')];
        const seen = fields[key];
        if (!seen) fields[key] = { ...field, description: undefined };
        else if (seen.kind !== field.kind || seen.list !== field.list)
          fields[key] = { kind: 'JSON', list: false, required: false };
      }
    }
    for (const [key, field] of Object.entries(fields))
      field.required =
        key === tag || variants.every((variant) => key in variant && !unwrap(variant[key]!).optional);
    for (const [key, values] of Object.entries(allowed))
      fields[key]!.description = `By kind, one of: ${[...new Set(values)].join(', ')}.`;
    fields[tag]!.description = `The kind: ${tags.join(', ')}. The other fields are those of that kind.`;
    const note = this.descriptions.get(schema);
    const description = `Tagged by \`${tag}\`; validated as the variant it names.${note ? ` ${note}` : ''}`;
    const ref = this.define(name, fields, description);
    this.refs.set(schema, ref);
    return ref;
  }
}
