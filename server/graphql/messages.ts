import type { Language } from '../../events/shared/fields';

/**
 * What a successful mutation answers in `message` (the documented clients show it in an alert).
 * Refusals use the shared catalogues through server/i18n.ts; these texts exist only here.
 */
const messages = {
  courseCreated: { en: 'The course is created.', nl: 'De cursus is aangemaakt.', fr: 'Le cours est créé.' },
  courseUpdated: {
    en: 'The course is saved.',
    nl: 'De cursus is opgeslagen.',
    fr: 'Le cours est enregistré.',
  },
  courseDeleted: {
    en: 'The course is deleted.',
    nl: 'De cursus is verwijderd.',
    fr: 'Le cours est supprimé.',
  },
  sectionCreated: {
    en: 'The section is created.',
    nl: 'De sectie is aangemaakt.',
    fr: 'La section est créée.',
  },
  sectionUpdated: {
    en: 'The section is saved.',
    nl: 'De sectie is opgeslagen.',
    fr: 'La section est enregistrée.',
  },
  sectionDeleted: {
    en: 'The section is deleted.',
    nl: 'De sectie is verwijderd.',
    fr: 'La section est supprimée.',
  },
  userUpdated: {
    en: 'The user is saved.',
    nl: 'De gebruiker is opgeslagen.',
    fr: "L'utilisateur est enregistré.",
  },
  userDeleted: {
    en: 'The user is deleted.',
    nl: 'De gebruiker is verwijderd.',
    fr: "L'utilisateur est supprimé.",
  },
  userLinked: { en: 'The user is linked.', nl: 'De gebruiker is gekoppeld.', fr: "L'utilisateur est lié." },
  userUnlinked: {
    en: 'The user is unlinked.',
    nl: 'De gebruiker is ontkoppeld.',
    fr: "L'utilisateur n'est plus lié.",
  },
  roleCreated: { en: 'The role is created.', nl: 'De rol is aangemaakt.', fr: 'Le rôle est créé.' },
  roleUpdated: { en: 'The role is saved.', nl: 'De rol is opgeslagen.', fr: 'Le rôle est enregistré.' },
  roleDeleted: { en: 'The role is deleted.', nl: 'De rol is verwijderd.', fr: 'Le rôle est supprimé.' },
} satisfies Record<string, Record<Language, string>>;

export type SuccessKey = keyof typeof messages;

export const successMessage = (language: Language, key: SuccessKey): string => messages[key][language];
