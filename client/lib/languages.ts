import type { TFunction } from 'i18next';

/** The languages of the interface and of the content. Free of side effects, unlike ./i18n.ts. */
export const interfaceLanguages = ['nl', 'en', 'fr'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (interfaceLanguages as readonly string[]).includes(value);
}

/** A language's name in the interface language (`Nederlands`); a code it does not know as it is. */
export function languageName(t: TFunction, code: string): string {
  return isInterfaceLanguage(code) ? t(`languages.${code}`) : code;
}
