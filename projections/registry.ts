import type { Transaction } from 'kysely';
import type { StoredEvent } from '../events/store';
import { apiClientsProjection } from './api-client/api-clients';
import { calendarFeedsProjection } from './calendar/calendar-feeds';
import { certificateConfigsProjection } from './certificate/certificate-configs';
import { certificateRemindersProjection } from './certificate/certificate-reminders';
import { certificatesProjection } from './certificate/certificates';
import { credentialStatusProjection } from './certificate/credential-status';
import { courseDrafts } from './course/course-drafts';
import { courseOwnersProjection } from './course/course-owners';
import { courseSummaries } from './course/course-summaries';
import { transactionFor } from './declared-reads';
import { fileSummaries } from './file/file-summaries';
import { contentLinks } from './link/content-links';
import { ltiPlatformsProjection } from './lti/lti-platforms';
import { messageThreads } from './message/message-threads';
import { moduleDrafts } from './module/module-drafts';
import { moduleOwnersProjection } from './module/module-owners';
import { moduleSummaries } from './module/module-summaries';
import { structureVersions } from './module/structure-versions';
import { inReadOrder } from './order';
import { pageDrafts } from './page/page-drafts';
import { pageSummaries } from './page/page-summaries';
import type { AnyProjection } from './projection';
import { answerRequests } from './result/answer-requests';
import { moduleResults } from './result/module-results';
import { resultDrafts } from './result/result-drafts';
import { roleProjection } from './role/roles';
import { searchItems } from './search/search-items';
import { sectionSummaries } from './section/section-summaries';
import { userTrackingProjection } from './tracking/user-tracking';
import { userProjection } from './user/users';
import { xapiStatements } from './xapi/statements';

export const projections: AnyProjection[] = inReadOrder([
  courseSummaries,
  courseOwnersProjection,
  courseDrafts,
  contentLinks,
  sectionSummaries,
  moduleSummaries,
  moduleOwnersProjection,
  moduleDrafts,
  pageSummaries,
  pageDrafts,
  searchItems,
  structureVersions,
  fileSummaries,
  moduleResults,
  resultDrafts,
  answerRequests,
  certificatesProjection,
  certificateRemindersProjection,
  credentialStatusProjection,
  certificateConfigsProjection,
  userProjection,
  userTrackingProjection,
  calendarFeedsProjection,
  apiClientsProjection,
  ltiPlatformsProjection,
  roleProjection,
  xapiStatements,
  messageThreads,
]);

export const projectionTables = (): string[] => projections.flatMap((projection) => projection.tables);

/**
 * Types every interested projection can take as a run (see Projection.runs): a replay of many
 * answers, drafts and sightings then costs a few statements per batch instead of a few per event.
 */
const runTypes = new Set(
  projections
    .flatMap((projection) => projection.runs ?? [])
    .filter((type) =>
      projections.every(
        (projection) =>
          !projection.handles.includes(type) ||
          (projection.applyRun !== undefined && projection.runs?.includes(type)),
      ),
    ),
);

/**
 * Applies every interested projection (of `selected`, in the order their reads need) to the events, in
 * order, inside the append transaction (and batch by batch in a rebuild). Consecutive events of
 * run types go to each projection as one run.
 */
export async function applyProjections(
  // biome-ignore lint/suspicious/noExplicitAny: called with the full database schema's transaction
  trx: Transaction<any>,
  events: StoredEvent[],
  selected: AnyProjection[] = projections,
) {
  let run: StoredEvent[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    for (const projection of selected) {
      const mine = run.filter((event) => projection.handles.includes(event.type));
      if (mine.length > 0) await projection.applyRun!(transactionFor(trx, projection), mine);
    }
    run = [];
  };
  for (const event of events) {
    if (runTypes.has(event.type)) {
      run.push(event);
      continue;
    }
    await flush();
    await applyEachAlone(trx, [event], selected);
  }
  await flush();
}

/** Each event alone, projection by projection: what a run must be equal to (the runs test uses it). */
export async function applyEachAlone(
  // biome-ignore lint/suspicious/noExplicitAny: see applyProjections
  trx: Transaction<any>,
  events: StoredEvent[],
  selected: AnyProjection[] = projections,
) {
  for (const event of events) {
    for (const projection of selected) {
      if (projection.handles.includes(event.type))
        await projection.apply(transactionFor(trx, projection), event);
    }
  }
}
