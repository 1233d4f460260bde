import type { Migration, MigrationProvider } from 'kysely/migration';
import * as createEvents from './2026_11_22_07_00_00_create_events';
import * as createCourseSummaries from './2026_11_22_07_10_00_create_course_summaries';
import * as createStreamSnapshots from './2026_11_22_08_00_00_create_stream_snapshots';
import * as createIdentity from './2026_11_22_09_00_00_create_identity';
import * as createSectionSummaries from './2026_11_22_10_00_00_create_section_summaries';
import * as createModuleAndPageSummaries from './2026_11_22_11_00_00_create_module_and_page_summaries';
import * as createFilesAndLinks from './2026_11_22_11_30_00_create_files_and_links';
import * as createModuleResults from './2026_11_22_12_00_00_create_module_results';
import * as createUserTracking from './2026_11_22_12_30_00_create_user_tracking';
import * as addResultFeedback from './2026_11_22_13_10_00_add_result_feedback';
import * as createCertificates from './2026_11_22_14_00_00_create_certificates';
import * as addAnswerDrafts from './2026_11_24_01_00_00_add_answer_drafts';
import * as addCredentialVersions from './2026_11_24_02_00_00_add_credential_versions';
import * as expireRateLimits from './2026_11_24_05_00_00_expire_rate_limits';
import * as createErasedCertificates from './2026_11_24_05_10_00_create_erased_certificates';
import * as indexModuleParticipants from './2026_11_24_18_00_00_index_module_participants';
import * as createStructureVersions from './2026_11_25_00_00_00_create_structure_versions';
import * as createAnswerRequests from './2026_11_26_21_00_00_create_answer_requests';
import * as createCertificateReminders from './2026_11_27_00_30_00_create_certificate_reminders';
import * as createCredentialStatus from './2026_11_27_00_30_00_create_credential_status';
import * as createXapiStatements from './2026_11_27_01_25_00_create_xapi_statements';
import * as addContentLinkAuthors from './2026_11_28_01_30_00_add_content_link_authors';
import * as addSessionLifetimes from './2026_11_28_02_00_00_add_session_lifetimes';
import * as createUploads from './2026_11_28_02_40_00_create_uploads';
import * as createSecondFactors from './2026_11_28_03_10_00_create_second_factors';
import * as createProjectionVersions from './2026_11_28_03_20_00_create_projection_versions';
import * as createExternalIdentities from './2026_11_28_03_30_00_create_external_identities';
import * as createSigningKey from './2026_11_28_04_40_00_create_signing_key';
import * as createPageDrafts from './2026_11_28_18_00_00_create_page_drafts';
import * as createModuleDrafts from './2026_11_28_18_40_00_create_module_drafts';
import * as addParticipantGroups from './2026_11_28_18_50_00_add_participant_groups';
import * as createCourseDrafts from './2026_11_29_01_00_00_create_course_drafts';
import * as addModuleCheckReveals from './2026_11_29_04_30_00_add_module_check_reveals';
import * as createMessageThreads from './2026_11_29_12_00_00_create_message_threads';
import * as createSearchItems from './2026_11_29_12_10_00_create_search_items';
import * as createCalendarFeeds from './2026_11_29_12_20_00_create_calendar_feeds';
import * as createApiClients from './2026_11_29_15_00_00_create_api_clients';
import * as createXapiBases from './2026_11_29_16_00_00_create_xapi_bases';
import * as createLti from './2026_11_29_19_00_00_create_lti';

/** Listed statically (not read from disk) so the bundled binary carries them. Append only. */
const migrations: Record<string, Migration> = {
  '2026_11_22_07_00_00_create_events': createEvents,
  '2026_11_22_07_10_00_create_course_summaries': createCourseSummaries,
  '2026_11_22_08_00_00_create_stream_snapshots': createStreamSnapshots,
  '2026_11_22_09_00_00_create_identity': createIdentity,
  '2026_11_22_10_00_00_create_section_summaries': createSectionSummaries,
  '2026_11_22_11_00_00_create_module_and_page_summaries': createModuleAndPageSummaries,
  '2026_11_22_11_30_00_create_files_and_links': createFilesAndLinks,
  '2026_11_22_12_00_00_create_module_results': createModuleResults,
  '2026_11_22_12_30_00_create_user_tracking': createUserTracking,
  '2026_11_22_14_00_00_create_certificates': createCertificates,
  '2026_11_22_13_10_00_add_result_feedback': addResultFeedback,
  '2026_11_24_01_00_00_add_answer_drafts': addAnswerDrafts,
  '2026_11_24_02_00_00_add_credential_versions': addCredentialVersions,
  '2026_11_24_05_00_00_expire_rate_limits': expireRateLimits,
  '2026_11_24_05_10_00_create_erased_certificates': createErasedCertificates,
  '2026_11_24_18_00_00_index_module_participants': indexModuleParticipants,
  '2026_11_25_00_00_00_create_structure_versions': createStructureVersions,
  '2026_11_26_21_00_00_create_answer_requests': createAnswerRequests,
  '2026_11_27_00_30_00_create_certificate_reminders': createCertificateReminders,
  '2026_11_27_00_30_00_create_credential_status': createCredentialStatus,
  '2026_11_27_01_25_00_create_xapi_statements': createXapiStatements,
  '2026_11_28_01_30_00_add_content_link_authors': addContentLinkAuthors,
  '2026_11_28_02_00_00_add_session_lifetimes': addSessionLifetimes,
  '2026_11_28_02_40_00_create_uploads': createUploads,
  '2026_11_28_03_10_00_create_second_factors': createSecondFactors,
  '2026_11_28_03_20_00_create_projection_versions': createProjectionVersions,
  '2026_11_28_03_30_00_create_external_identities': createExternalIdentities,
  '2026_11_28_04_40_00_create_signing_key': createSigningKey,
  '2026_11_28_18_00_00_create_page_drafts': createPageDrafts,
  '2026_11_28_18_40_00_create_module_drafts': createModuleDrafts,
  '2026_11_28_18_50_00_add_participant_groups': addParticipantGroups,
  '2026_11_29_01_00_00_create_course_drafts': createCourseDrafts,
  '2026_11_29_04_30_00_add_module_check_reveals': addModuleCheckReveals,
  '2026_11_29_12_10_00_create_search_items': createSearchItems,
  '2026_11_29_12_00_00_create_message_threads': createMessageThreads,
  '2026_11_29_12_20_00_create_calendar_feeds': createCalendarFeeds,
  '2026_11_29_15_00_00_create_api_clients': createApiClients,
  '2026_11_29_16_00_00_create_xapi_bases': createXapiBases,
  '2026_11_29_19_00_00_create_lti': createLti,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
