import type { ApiClientTables } from './api-client/api-clients';
import type { CalendarFeedTables } from './calendar/calendar-feeds';
import type { CertificateConfigTables } from './certificate/certificate-configs';
import type { CertificateReminderTables } from './certificate/certificate-reminders';
import type { CertificateTables } from './certificate/certificates';
import type { CredentialStatusTables } from './certificate/credential-status';
import type { CourseDraftTables } from './course/course-drafts';
import type { CourseOwnerTables } from './course/course-owners';
import type { CourseSummaryTables } from './course/course-summaries';
import type { FileTables } from './file/file-summaries';
import type { ContentLinkTables } from './link/content-links';
import type { LtiTables } from './lti/lti-platforms';
import type { MessageTables } from './message/message-threads';
import type { ModuleDraftTables } from './module/module-drafts';
import type { ModuleOwnerTables } from './module/module-owners';
import type { ModuleSummaryTables } from './module/module-summaries';
import type { StructureVersionTables } from './module/structure-versions';
import type { PageDraftTables } from './page/page-drafts';
import type { PageTables } from './page/page-summaries';
import type { AnswerRequestTables } from './result/answer-requests';
import type { ResultTables } from './result/module-results';
import type { DraftTables } from './result/result-drafts';
import type { RolesTable } from './role/roles';
import type { SearchTables } from './search/search-items';
import type { SectionTables } from './section/section-summaries';
import type { UserTrackingTable } from './tracking/user-tracking';
import type { UserTables } from './user/users';
import type { XapiTables } from './xapi/statements';

export type ProjectionTables = CourseSummaryTables &
  CalendarFeedTables &
  ApiClientTables &
  LtiTables &
  CourseDraftTables &
  CertificateTables &
  CertificateReminderTables &
  CredentialStatusTables &
  CertificateConfigTables &
  CourseOwnerTables &
  ContentLinkTables &
  SectionTables &
  ModuleSummaryTables &
  ModuleOwnerTables &
  ModuleDraftTables &
  StructureVersionTables &
  FileTables &
  PageTables &
  PageDraftTables &
  SearchTables &
  ResultTables &
  DraftTables &
  AnswerRequestTables &
  UserTables &
  XapiTables &
  MessageTables & { roles: RolesTable; user_tracking: UserTrackingTable };
