import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { languageName } from '../../../lib/languages';
import { useModulesOf } from '../../../ui/admin/api/get-links';
import { useSetLinked } from '../../../ui/admin/api/link-mutations';
import { type AdminModule, useAdminModules } from '../../../ui/admin/api/modules';
import { Alert } from '../../../ui/alert';

/** The translation group of a module: its original's id, or its own when it is the original. */
const groupOf = (module: AdminModule) => module.originId ?? module.moduleId;

/**
 * Right after translating a course: the modules of the original that already exist in the new
 * language, offered to be linked to the translation in one go (all ticked; the author unticks).
 * Nothing shows when there is none, or once they are linked.
 */
export function TranslatedModulesOffer({
  coursePath,
  originalPath,
  language,
}: {
  coursePath: string;
  originalPath: string;
  language: string;
}) {
  const { t } = useTranslation();
  const original = useModulesOf({ parentType: 'course', parentPath: originalPath });
  const linked = useModulesOf({ parentType: 'course', parentPath: coursePath });
  const all = useAdminModules();
  const link = useSetLinked();
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!original.data || !linked.data || !all.data) return null;

  const already = new Set(linked.data.map((module) => module.path));
  const translations = original.data.flatMap((module) => {
    const full = all.data.find((candidate) => candidate.path === module.path);
    if (!full) return [];
    const translation = all.data.find(
      (candidate) =>
        candidate.path !== full.path &&
        candidate.language === language &&
        groupOf(candidate) === groupOf(full),
    );
    return translation && !already.has(translation.path) ? [{ original: full, translation }] : [];
  });
  if (translations.length === 0) {
    return done ? (
      <Alert tone={done.tone}>
        <p>{done.text}</p>
      </Alert>
    ) : null;
  }

  const chosen = translations.filter(({ translation }) => !skipped.has(translation.path));
  const linkChosen = async () => {
    setBusy(true);
    setDone(null);
    try {
      for (const { translation } of chosen) {
        await link.mutateAsync({
          parentType: 'course',
          parentPath: coursePath,
          itemType: 'module',
          itemPath: translation.path,
          linked: true,
        });
      }
      setDone({ tone: 'success', text: t('courseAdmin.translatedModules.linked', { count: chosen.length }) });
    } catch (error) {
      setDone({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="translated-modules-title" aria-busy={busy}>
      <h2 id="translated-modules-title">{t('courseAdmin.translatedModules.title')}</h2>
      <p>{t('courseAdmin.translatedModules.lead', { language: languageName(t, language) })}</p>
      <ul className="pick-list">
        {translations.map(({ original: from, translation }) => (
          <li key={translation.path}>
            <label className="choice">
              <input
                type="checkbox"
                checked={!skipped.has(translation.path)}
                onChange={(event) => {
                  const next = new Set(skipped);
                  if (event.target.checked) next.delete(translation.path);
                  else next.add(translation.path);
                  setSkipped(next);
                }}
              />
              <span lang={translation.language}>{translation.name}</span>
              <span className="muted" lang={from.language}>
                {' '}
                ({t('courseAdmin.translatedModules.of', { name: from.name })})
              </span>
            </label>
          </li>
        ))}
      </ul>
      {done && (
        <Alert tone={done.tone}>
          <p>{done.text}</p>
        </Alert>
      )}
      <button
        type="button"
        className="button"
        disabled={busy || chosen.length === 0}
        onClick={() => void linkChosen()}
      >
        {t('courseAdmin.translatedModules.link', { count: chosen.length })}
      </button>
    </section>
  );
}
