import { CertificateConfigRoute } from '../certificate/admin/certificate-config';
import { CourseCertificateList } from '../certificate/admin/course-certificates';
import { ParticipantCertificate } from '../certificate/components/participant-certificate';
import { BreakoutCountdown } from '../classroom/components/countdown';
import type { CourseEmbeds } from '../course/admin/course-edit';
import { LinkedFiles } from '../file/admin/linked-files';
import { LinkedModules } from '../module/admin/linked-modules';
import type { ModuleEmbeds } from '../module/admin/module-edit';
import { PagePreview } from '../module/components/page-preview';
import { ModulePagesView } from '../page/admin/module-pages';
import type { PagePreviewView } from '../page/admin/page-draft';
import { ModuleResultsView } from '../result/admin/module-results';
import type { CertificatePanel } from '../result/admin/participant-result';
import { QuestionStatsView } from '../result/admin/question-stats';
import { ToGradeCount } from '../result/admin/to-grade';
import type { SectionEmbeds } from '../section/admin/section-edit';

/*
 * An edit screen shows views that other features own (a course's files, a module's results, a
 * section's countdown). Features never import each other: the route table composes them here.
 */

export const courseEmbeds: CourseEmbeds = {
  modules: (parent, rights) => <LinkedModules parent={parent} rights={rights} />,
  files: (parent, rights) => <LinkedFiles parent={parent} rights={rights} />,
  certificateConfig: (coursePath) => <CertificateConfigRoute kind="course" path={coursePath} />,
  certificates: (coursePath, viewer) => <CourseCertificateList coursePath={coursePath} viewer={viewer} />,
  toGrade: (coursePath) => (
    <ToGradeCount
      scope={{ course: coursePath }}
      href={`/courses/${encodeURIComponent(coursePath)}/to-grade`}
    />
  ),
};

export const sectionEmbeds: SectionEmbeds = {
  modules: courseEmbeds.modules,
  files: courseEmbeds.files,
  countdown: (sectionPath, mayRun) => <BreakoutCountdown section={sectionPath} mayRun={mayRun} />,
};

export const moduleEmbeds: ModuleEmbeds = {
  pages: (module, rights) => (
    <ModulePagesView
      module={module}
      canEdit={rights.edit}
      canCreate={rights.addPages}
      canOpenEditor={rights.answerKey}
    />
  ),
  // The question statistics under the participants: the same right, aggregates of the same answers.
  results: (module, rights) => (
    <>
      <ModuleResultsView module={module} rights={rights} />
      <QuestionStatsView module={module.path} />
    </>
  ),
  certificateConfig: (modulePath) => <CertificateConfigRoute kind="module" path={modulePath} />,
};

export const participantCertificate: CertificatePanel = ParticipantCertificate;

/** A page's draft as a learner meets it, in the page editor (the module feature draws it). */
export const pagePreview: PagePreviewView = (page) => (
  <PagePreview name={page.name} content={page.content} video={page.interactiveVideo} />
);
