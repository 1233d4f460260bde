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
  fileCreated: { en: 'The file is created.', nl: 'Het bestand is aangemaakt.', fr: 'Le fichier est créé.' },
  fileUpdated: {
    en: 'The file is saved.',
    nl: 'Het bestand is opgeslagen.',
    fr: 'Le fichier est enregistré.',
  },
  fileDeleted: {
    en: 'The file is deleted.',
    nl: 'Het bestand is verwijderd.',
    fr: 'Le fichier est supprimé.',
  },
  moduleCreated: { en: 'The module is created.', nl: 'De module is aangemaakt.', fr: 'Le module est créé.' },
  moduleUpdated: {
    en: 'The module is saved.',
    nl: 'De module is opgeslagen.',
    fr: 'Le module est enregistré.',
  },
  moduleDeleted: {
    en: 'The module is deleted.',
    nl: 'De module is verwijderd.',
    fr: 'Le module est supprimé.',
  },
  pageCreated: { en: 'The page is created.', nl: 'De pagina is aangemaakt.', fr: 'La page est créée.' },
  pageUpdated: {
    en: 'The page is saved.',
    nl: 'De pagina is opgeslagen.',
    fr: 'La page est enregistrée.',
  },
  pageDeleted: {
    en: 'The page is deleted.',
    nl: 'De pagina is verwijderd.',
    fr: 'La page est supprimée.',
  },
  itemLinked: { en: 'The link is saved.', nl: 'De koppeling is opgeslagen.', fr: 'Le lien est enregistré.' },
  itemUnlinked: {
    en: 'The link is removed.',
    nl: 'De koppeling is verwijderd.',
    fr: 'Le lien est supprimé.',
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
  resultSaved: {
    en: 'The answers are saved.',
    nl: 'De antwoorden zijn opgeslagen.',
    fr: 'Les réponses sont enregistrées.',
  },
  attemptGranted: {
    en: 'The participant has another attempt.',
    nl: 'De deelnemer heeft een extra poging gekregen.',
    fr: 'Le participant a reçu un essai supplémentaire.',
  },
  resultUpdated: {
    en: 'The scores and feedback are saved.',
    nl: 'De scores en feedback zijn opgeslagen.',
    fr: 'Les scores et les commentaires sont enregistrés.',
  },
  logUpdated: {
    en: 'The log is updated.',
    nl: 'Het logboek is bijgewerkt.',
    fr: 'Le journal est mis à jour.',
  },
  certificateAssigned: {
    en: 'certificate assigned',
    nl: 'certificaat toegekend',
    fr: 'certificat attribué',
  },
  certificateRemoved: {
    en: 'certificate removed',
    nl: 'certificaat ingetrokken',
    fr: 'certificat retiré',
  },
} satisfies Record<string, Record<Language, string>>;

export type SuccessKey = keyof typeof messages;

export const successMessage = (language: Language, key: SuccessKey): string => messages[key][language];
