import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseInput } from '../../../../events/course/commands';
import type { CourseDetails } from '../../../../events/course/events';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from '../../../ui/admin/api/content-mutation';
import type { AdminCourseDetail } from '../../../ui/admin/api/get-admin-course';
import { LiveDraftEditor, LiveDraftPanel } from '../../../ui/admin/live-draft';
import { SettingsChanges } from '../../../ui/admin/settings-changes';
import { ItemHeader } from '../../../ui/item-header';
import { CourseInfo } from '../components/course-info';
import { CourseForm, courseFormValues } from './course-form';
import { useUpdateCourse } from './course-mutations';

type Draft = NonNullable<RouterOutputs['course']['draft']['draft']>;

/** The settings a draft may change, in the form's order (the original of a translation is not one). */
const fields = [
  'name',
  'language',
  'info',
  'image',
  'location',
  'teacher',
  'startdate',
  'enddate',
  'public',
  'onHome',
  'showUserList',
  'showTeam',
] as const satisfies readonly (keyof CourseDetails)[];
const wordFields = new Set<string>(['name', 'info']);

/** A published course's settings draft: its state, its changes, and publishing or discarding it. */
function CourseDraftPanel({
  course,
  draft,
  onDone,
}: {
  course: AdminCourseDetail;
  draft: Draft;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const publish = useContentMutation('course', trpc.course.publishChanges.mutationOptions());
  const discard = useContentMutation('course', trpc.course.discardDraft.mutationOptions());
  return (
    <LiveDraftPanel
      texts="courseAdmin"
      savedAt={draft.savedAt}
      views={[
        {
          id: 'preview',
          label: t('courseAdmin.draft.preview'),
          title: t('courseAdmin.draft.previewTitle'),
          render: () => (
            <article className="page-preview" lang={draft.details.language}>
              <ItemHeader image={draft.details.image}>
                <h3>{draft.details.name}</h3>
              </ItemHeader>
              <CourseInfo course={{ ...course, ...draft.details }} />
            </article>
          ),
        },
        {
          id: 'changes',
          label: t('courseAdmin.draft.showChanges'),
          title: t('courseAdmin.draft.changesTitle'),
          render: () => (
            <SettingsChanges
              live={course}
              draft={{ ...course, ...draft.details }}
              fields={fields}
              texts="courseAdmin"
              wordFields={wordFields}
            />
          ),
        },
      ]}
      publish={() => publish.mutateAsync({ path: course.path })}
      discard={() => discard.mutateAsync({ path: course.path })}
      busy={publish.isPending || discard.isPending}
      onDone={onDone}
    />
  );
}

/**
 * The course's settings form for who may edit it. A published course's settings are saved as a draft
 * beside those learners see, with its changes, publish and discard
 * (docs/adr/0019-drafts-of-live-content.md); an unpublished course without a draft is saved directly.
 */
export function CourseSettingsEditor({ course }: { course: AdminCourseDetail }) {
  const { t } = useTranslation();
  const state = useQuery(trpc.course.draft.queryOptions({ path: course.path }));
  const update = useUpdateCourse();
  const saveDraft = useContentMutation('course', trpc.course.saveDraft.mutationOptions());
  // The form does not carry the original of a translation: it keeps its value.
  const withOrigin = (input: CourseInput) => ({ ...input, originId: course.originId });
  return (
    <LiveDraftEditor
      texts="courseAdmin"
      state={state}
      direct={() => (
        <CourseForm
          key={course.path}
          defaultValues={courseFormValues(course)}
          submitLabel={t('courseAdmin.save')}
          savedText={t('courseAdmin.saved')}
          onSubmit={(input) => update.mutateAsync({ path: course.path, course: withOrigin(input) })}
        />
      )}
      panel={(draft, onDone) => <CourseDraftPanel course={course} draft={draft} onDone={onDone} />}
      saveDraft={(input: CourseInput) =>
        saveDraft.mutateAsync({ path: course.path, course: withOrigin(input) })
      }
      form={(draft, save) => (
        <CourseForm
          // A new draft, a publication or a discard starts the form again from what is now kept.
          key={`${course.path}:${draft ? 'draft' : course.updatedAt}`}
          defaultValues={courseFormValues(draft ? { ...course, ...draft.details } : course)}
          submitLabel={t('courseAdmin.draft.save')}
          savedText={draft ? t('courseAdmin.draft.saved') : undefined}
          onSubmit={save}
        />
      )}
    />
  );
}
