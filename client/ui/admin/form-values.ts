import type { Image, Language } from '../../../events/shared/fields';

/**
 * What a form holds for one value of a shared schema's input, so a form's values follow the
 * schema instead of restating it:
 * - every field is there (a field the input may leave out starts at the schema's default);
 * - text the input takes as text or null (a date, a time) is held as the typed text, '' standing
 *   for null: the form's toInput turns it back (orNull, fromDateInput, fromDateTimeInput);
 * - a choice among fixed words (a language, a type) is '' until one is picked, so the schema
 *   refuses the empty choice next to its field;
 * - an object the input takes or leaves null (an image, a classroom) is always held, its fields
 *   alike, and the form's toInput decides whether it is sent (an image without a name is none).
 */
type Held<T> = [T] extends [string]
  ? string extends T
    ? string
    : '' | T
  : [T] extends [boolean]
    ? boolean
    : [T] extends [number]
      ? number
      : [T] extends [readonly (infer Item)[]]
        ? Held<NonNullable<Item>>[]
        : [T] extends [object]
          ? { -readonly [K in keyof T]-?: Held<NonNullable<T[K]>> }
          : T;

/** A form's values for the input `I` of a shared schema (`z.input<typeof schema>`); see Held. */
export type FormValuesOf<I> = Held<NonNullable<I>>;

/** What a course and a section both hold, as stored. */
interface SharedContent {
  name: string;
  language: Language;
  info: string;
  location: string;
  teacher: string;
  public: boolean;
  image: Image | null;
}

/** The fields a course's and a section's form share, as the server may name them. */
export const sharedContentFields = [
  'name',
  'language',
  'info',
  'location',
  'teacher',
  'image.name',
  'image.alt',
] as const;

/** The fields a course's and a section's form share: empty, or from a stored item. */
export function sharedContentValues(item?: SharedContent): FormValuesOf<SharedContent> {
  return {
    name: item?.name ?? '',
    language: item?.language ?? '',
    info: item?.info ?? '',
    location: item?.location ?? '',
    teacher: item?.teacher ?? '',
    public: item?.public ?? true,
    image: { name: item?.image?.name ?? '', alt: item?.image?.alt ?? '' },
  };
}

/**
 * Those fields as the commands read them. A language not yet picked goes as it is ('') for the
 * shared schema to refuse next to its field; an image without a name is none.
 */
export function toSharedContentInput(values: FormValuesOf<SharedContent>): SharedContent {
  return {
    name: values.name,
    language: values.language as Language,
    info: values.info,
    location: values.location,
    teacher: values.teacher,
    public: values.public,
    image: values.image.name.trim() ? values.image : null,
  };
}

/**
 * A form's values for the input `I` of a shared schema whose fields are all typed or chosen as
 * text (an upload's quality and sizes): every field a string, lists of rows alike. The schema reads
 * the numbers from the text itself, and '' as not given.
 */
export type TextValuesOf<I> = {
  [K in keyof I]-?: NonNullable<I[K]> extends readonly (infer Row)[] ? TextValuesOf<Row>[] : string;
};
