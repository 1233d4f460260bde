import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { languages } from '../../../../events/shared/fields';
import { currentLanguage } from '../../../lib/i18n';
import {
  type ModuleDetail,
  useCreateModule,
  useLinkModule,
  useModule,
  useTranslateModule,
} from '../../../ui/admin/api/modules';
import { ModuleQueryState } from '../../../ui/admin/module-query-state';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { ModuleForm } from './module-form';
import { type ModuleFormValues, moduleFormValues } from './module-form-values';

/** Where a new module goes once made: `?course=…` or `?section=…` link it there. */
export function parentFromSearch(
  search: string,
): { parentType: 'course' | 'section'; parentPath: string } | null {
  const params = new URLSearchParams(search);
  const course = params.get('course');
  const section = params.get('section');
  if (section) return { parentType: 'section', parentPath: section };
  if (course) return { parentType: 'course', parentPath: course };
  return null;
}

/**
 * /admin/modules/new: a new module, linked to a course or section when the address names one.
 * With `?translate={modulePath}` the form starts from the original, in another language, and
 * saving makes the translation (module.translate recreates the pages with the language in their name).
 */
export function NewModuleRoute() {
  const search = useSearch();
  const translate = new URLSearchParams(search).get('translate');
  return translate ? (
    <TranslateModule path={translate} />
  ) : (
    <CreateModule parent={parentFromSearch(search)} />
  );
}

function CreateModule({ parent }: { parent: ReturnType<typeof parentFromSearch> }) {
  const { t } = useTranslation();
  useDocumentTitle(t('moduleAdmin.newTitle'));
  const create = useCreateModule();
  const link = useLinkModule();
  const [, navigate] = useLocation();

  const save = async (values: ModuleFormValues) => {
    const created = await create.mutateAsync({ module: values });
    if (parent) await link.mutateAsync({ itemPath: created.path, ...parent });
    navigate(`/modules/${created.path}`, { state: { notice: 'moduleCreated' } });
    return null;
  };

  return (
    <div className="page-narrow">
      <p className="back-link">
        {parent ? (
          <Link
            href={`/${parent.parentType === 'course' ? 'courses' : 'sections'}/${parent.parentPath}/modules`}
          >
            ← {t('moduleAdmin.backToParent')}
          </Link>
        ) : (
          <Link href="/modules">← {t('moduleAdmin.backToList')}</Link>
        )}
      </p>
      <h1>{t('moduleAdmin.newTitle')}</h1>
      {parent && (
        <p className="page-lead">
          {t(parent.parentType === 'course' ? 'moduleAdmin.newInCourse' : 'moduleAdmin.newInSection', {
            path: parent.parentPath,
          })}
        </p>
      )}
      <ModuleForm
        defaultValues={moduleFormValues(null, currentLanguage())}
        save={save}
        submitLabel={t('moduleAdmin.create')}
      >
        <Link href="/modules" className="button button--ghost">
          {t('dialog.cancel')}
        </Link>
      </ModuleForm>
    </div>
  );
}

function TranslateModule({ path }: { path: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('moduleAdmin.translateTitle'));
  const original = useModule(path);
  if (original.isPending || original.isError) return <ModuleQueryState query={original} />;
  return <TranslateForm original={original.data} />;
}

function TranslateForm({ original }: { original: ModuleDetail }) {
  const { t } = useTranslation();
  const translate = useTranslateModule();
  const [, navigate] = useLocation();
  const language = languages.find((code) => code !== original.language) ?? 'en';
  const defaults = { ...moduleFormValues(original, language), language, originId: original.moduleId };

  const save = async (values: ModuleFormValues) => {
    const created = await translate.mutateAsync({ path: original.path, module: values });
    navigate(`/modules/${created.path}`, { state: { notice: 'moduleTranslated' } });
    return null;
  };

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href={`/modules/${original.path}`}>← {original.name}</Link>
      </p>
      <h1>{t('moduleAdmin.translateTitle')}</h1>
      <p className="page-lead">
        {t('moduleAdmin.translateLead', {
          name: original.name,
          language: t(`languages.${original.language}`),
          count: original.pages.length,
        })}
      </p>
      <ModuleForm defaultValues={defaults} save={save} submitLabel={t('moduleAdmin.translate')}>
        <Link href={`/modules/${original.path}`} className="button button--ghost">
          {t('dialog.cancel')}
        </Link>
      </ModuleForm>
    </div>
  );
}
