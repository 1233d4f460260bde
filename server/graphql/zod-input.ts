import { z } from 'zod';
import { builder } from './builder';

/**
 * GraphQL input types generated from the zod schemas the commands validate with, so the typed
 * inputs an integrator sees cannot drift from what the server accepts. The input only describes
 * shapes (names, scalar kinds, lists, what is required); the value still goes through the same zod
 * schema, which checks lengths, formats, ranges and cross-field rules and names the refused fields.
 *
 * The shapes are read through zod's public JSON Schema conversion (`z.toJSONSchema`, the input
 * side), never through zod's internals, so a zod upgrade that keeps its documented output keeps
 * these types. Mapping: string, literal, enum, and unions of strings (dates) → String (the allowed
 * values in the description); integer → Int, number → Float; boolean → Boolean; array → a list;
 * object → an input object; a discriminated union (`oneOf` with a constant tag) → one tagged input
 * whose fields are the union of the variants' fields, only the tag and the fields every variant
 * requires being required; optional, nullable and defaulted fields are optional. Anything else
 * (records, transforms, mixed unions) is JSON. A nested object is named after its owner and field
 * (`CourseImageInput`) unless `names` names it; one used twice in an input is one type, but one
 * shared by two inputs must be named to be one type (JSON Schema carries no identity across).
 */

type Schema = z.core.$ZodType;
type Scalar = 'String' | 'Int' | 'Float' | 'Boolean' | 'JSON';
// biome-ignore lint/suspicious/noExplicitAny: input refs of any shape; the value is checked by zod.
type InputRef = ReturnType<typeof builder.inputRef<any>>;
type Kind = Scalar | InputRef;

/** The part of a JSON Schema (draft 2020-12, as zod writes it) that decides a GraphQL shape. */
interface Json {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, Json>;
}

interface Field {
  kind: Kind;
  list: boolean;
  required: boolean;
  description?: string;
}

/** One converted schema: its root and the definitions its `$ref`s point to. */
interface Document {
  root: Json;
  defs: Record<string, Json>;
  /** The input types made for the parts of this document, by the part (a part used twice is one type). */
  made: Map<Json, InputRef>;
}

const isNull = (json: Json) => json.type === 'null';
const refKey = (ref: string) => ref.replace(/^#\/\$defs\//, '');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The schema without its `null` alternative, and whether null is allowed. */
function withoutNull(json: Json): { core: Json; nullable: boolean } {
  if (Array.isArray(json.type) && json.type.includes('null')) {
    const rest = json.type.filter((type) => type !== 'null');
    return { core: { ...json, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  if (json.anyOf?.some(isNull)) {
    const rest = json.anyOf.filter((option) => !isNull(option));
    return { core: rest.length === 1 ? rest[0]! : { anyOf: rest }, nullable: true };
  }
  return { core: json, nullable: false };
}

export class ZodInputs {
  /** The input types made so far, by GraphQL name. */
  private readonly byName = new Map<string, InputRef>();
  /** Names the shared nested schemas: zod writes each as a `$defs` entry under that name. */
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Set<string>();
  private readonly notes = new Map<string, string>();

  /**
   * `names` gives shared nested schemas one name (ImageInput in every form that has an image);
   * `descriptions` adds a note to a nested type's description.
   */
  constructor(
    names: Map<Schema, string>,
    descriptions: Map<Schema, string> = new Map(),
    /** The schema builder the types are added to (another one in tests). */
    private readonly target: Pick<typeof builder, 'inputRef'> = builder,
  ) {
    for (const [schema, id] of names) {
      this.registry.add(schema, { id });
      this.names.add(id);
    }
    for (const [schema, note] of descriptions) {
      const name = names.get(schema);
      if (name) this.notes.set(name, note);
    }
  }

  /** The JSON Schema of what `schema` accepts, with named and reused parts as `$defs`. */
  private convert(schema: Schema): Document {
    const json = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      reused: 'ref',
      cycles: 'ref',
      metadata: this.registry,
    }) as Json;
    return { root: json, defs: json.$defs ?? {}, made: new Map() };
  }

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
    const form = this.convert(schema);
    if (form.root.type !== 'object' || !form.root.properties)
      throw new Error(`${name}: not an object schema`);
    const fields = this.fieldsOf(name, form.root, form);
    if (options.extra) {
      const extra = this.convert(z.object(options.extra));
      Object.assign(fields, this.fieldsOf(name, extra.root, extra));
    }
    if (options.partial) for (const field of Object.values(fields)) field.required = false;
    return this.define(name, fields, options.description);
  }

  private define(name: string, fields: Record<string, Field>, description?: string): InputRef {
    const ref = this.target.inputRef<Record<string, unknown>>(name).implement({
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
    this.byName.set(name, ref);
    return ref;
  }

  /** The fields of an object schema; nested objects are named after `owner` and the field. */
  private fieldsOf(owner: string, object: Json, document: Document): Record<string, Field> {
    const required = new Set(object.required ?? []);
    return Object.fromEntries(
      Object.entries(object.properties ?? {}).map(([key, json]) => {
        const { core, nullable } = withoutNull(this.resolved(json, document));
        const field = this.field(`${owner.replace(/Input$/, '')}${capitalized(key)}`, core, document);
        return [key, { ...field, required: required.has(key) && !nullable }];
      }),
    );
  }

  private field(nameIfObject: string, json: Json, document: Document): Omit<Field, 'required'> {
    if (json.type === 'array' && json.items) {
      const element = this.field(
        nameIfObject,
        withoutNull(this.resolved(json.items, document)).core,
        document,
      );
      if (element.list) return { kind: 'JSON', list: false };
      return { kind: element.kind, list: true, description: element.description };
    }
    return { ...this.kindOf(nameIfObject, json, document), list: false };
  }

  private kindOf(
    nameIfObject: string,
    given: Json,
    document: Document,
  ): { kind: Kind; description?: string } {
    const json = this.resolved(given, document);
    if (json.$ref) return { kind: this.named(refKey(json.$ref), document) };
    const made = document.made.get(json);
    if (made) return { kind: made };
    if (json.oneOf)
      return { kind: this.remember(json, this.tagged(`${nameIfObject}Input`, json, document), document) };
    if (json.anyOf) {
      const kinds = json.anyOf.map((option) => this.kindOf(nameIfObject, option, document).kind);
      return { kind: kinds.every((kind) => kind === 'String') ? 'String' : 'JSON' };
    }
    switch (json.type) {
      case 'string':
        if (json.const !== undefined) return { kind: 'String', description: `Always: ${json.const}.` };
        if (json.enum) return { kind: 'String', description: `One of: ${json.enum.join(', ')}.` };
        return { kind: 'String' };
      case 'boolean':
        return { kind: 'Boolean' };
      case 'integer':
        return { kind: 'Int' };
      case 'number':
        return { kind: 'Float' };
      case 'object':
        // A record (no named properties) has no GraphQL shape.
        if (!json.properties || Object.keys(json.properties).length === 0) return { kind: 'JSON' };
        return { kind: this.remember(json, this.nested(`${nameIfObject}Input`, json, document), document) };
      default:
        return { kind: 'JSON' };
    }
  }

  /**
   * The schema a `$ref` stands for when it names no input type: zod writes a part used twice in
   * one document as a `$defs` entry. A named part stays a `$ref`.
   */
  private resolved(json: Json, document: Document): Json {
    let current = json;
    while (current.$ref && !this.names.has(refKey(current.$ref))) {
      const next = document.defs[refKey(current.$ref)];
      if (!next) return {};
      current = next;
    }
    return current;
  }

  /** The input type of a named part (ImageInput, …): one type wherever it is used. */
  private named(name: string, document: Document): Kind {
    const known = this.byName.get(name);
    if (known) return known;
    const json = document.defs[name];
    if (!json) return 'JSON';
    return json.oneOf ? this.tagged(name, json, document) : this.nested(name, json, document);
  }

  /** A part used twice in one document is one input type, named where it is met first. */
  private remember(json: Json, kind: Kind, document: Document): Kind {
    if (typeof kind !== 'string') document.made.set(json, kind);
    return kind;
  }

  private nested(name: string, json: Json, document: Document): InputRef {
    const known = this.byName.get(name);
    if (known) return known;
    return this.define(name, this.fieldsOf(name, json, document));
  }

  /**
   * One input for a discriminated union: the tag required, every variant's fields beside it. A union
   * without a tag every variant fixes is JSON.
   */
  private tagged(name: string, json: Json, document: Document): Kind {
    const known = this.byName.get(name);
    if (known) return known;
    const variants = (json.oneOf ?? []).map((variant) => this.resolved(variant, document));
    const first = variants[0]?.properties ?? {};
    const constant = (variant: Json, key: string) => {
      const property = variant.properties?.[key];
      return property && this.resolved(property, document).const;
    };
    const tag = Object.keys(first).find((key) =>
      variants.every((variant) => constant(variant, key) !== undefined),
    );
    if (!tag) return 'JSON';
    const fields: Record<string, Field> = {};
    const tags: string[] = [];
    const allowed: Record<string, string[]> = {};
    const ofVariants = variants.map((variant) => this.fieldsOf(name, variant, document));
    variants.forEach((variant, index) => {
      tags.push(String(constant(variant, tag)));
      for (const [key, field] of Object.entries(ofVariants[index]!)) {
        const values = field.description?.match(/^(?:Always|One of): (.*)\.$/)?.[1];
        if (values) allowed[key] = [...(allowed[key] ?? []), ...values.split(', ')];
        const seen = fields[key];
        if (!seen) fields[key] = { ...field, description: undefined };
        else if (seen.kind !== field.kind || seen.list !== field.list)
          fields[key] = { kind: 'JSON', list: false, required: false };
      }
    });
    for (const [key, field] of Object.entries(fields))
      field.required = key === tag || ofVariants.every((variant) => variant[key]?.required === true);
    for (const [key, values] of Object.entries(allowed))
      fields[key]!.description = `By kind, one of: ${[...new Set(values)].join(', ')}.`;
    fields[tag]!.description = `The kind: ${tags.join(', ')}. The other fields are those of that kind.`;
    const note = this.notes.get(name);
    const description = `Tagged by \`${tag}\`; validated as the variant it names.${note ? ` ${note}` : ''}`;
    return this.define(name, fields, description);
  }
}
