import { findLtiPlatform } from '../../projections/lti/lti-platforms';
import { findModuleById, resultOf } from '../certificate/queries';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';
import { AGS_SCORE_SCOPE } from './claims';
import { callPlatform } from './platform-calls';

/** Records where a launched learner's module score goes: the launch's line item, their id there. */
export async function recordGradeTarget(
  db: Db,
  target: { userId: string; moduleId: string; platformId: string; subject: string; lineItemUrl: string },
) {
  const now = new Date().toISOString();
  await db
    .insertInto('lti_grade_targets')
    .values({
      user_id: target.userId,
      module_id: target.moduleId,
      platform_id: target.platformId,
      subject: target.subject,
      line_item_url: target.lineItemUrl,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'module_id', 'platform_id'])
        .doUpdateSet({ subject: target.subject, line_item_url: target.lineItemUrl, updated_at: now }),
    )
    .execute();
}

/** `<line item>/scores`, with the line item's query kept after it (Moodle's and Canvas's carry one). */
function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/**
 * Sends the participant's module score to every platform that launched them into the module
 * (Assignment and Grade Services 2.0, §3.4 score publish): the points over the module's maximum,
 * whether they went through every page, and whether a teacher still has an answer to score.
 */
export async function sendModuleScore(
  platform: Platform,
  userId: string,
  moduleId: string,
  now = new Date(),
) {
  const db = platform.database.db;
  const targets = await db
    .selectFrom('lti_grade_targets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .execute();
  if (targets.length === 0) return 0;
  const module = await findModuleById(db, moduleId);
  if (!module) return 0;
  const result = await resultOf(db, module, userId);
  const awaiting = Object.values(result.awaitingOn ?? {}).some((names) => names.length > 0);
  const score = {
    ...(result.maxScore > 0 ? { scoreGiven: result.score, scoreMaximum: result.maxScore } : {}),
    activityProgress: result.completed ? 'Completed' : 'InProgress',
    gradingProgress: awaiting ? 'PendingManual' : result.completed ? 'FullyGraded' : 'Pending',
    timestamp: now.toISOString(),
  };
  let sent = 0;
  for (const target of targets) {
    const registered = await findLtiPlatform(db, { platformId: target.platform_id });
    if (!registered) continue;
    await callPlatform(db, registered, AGS_SCORE_SCOPE, scoresUrl(target.line_item_url), {
      method: 'POST',
      contentType: 'application/vnd.ims.lis.v1.score+json',
      body: JSON.stringify({ userId: target.subject, ...score }),
    });
    sent++;
  }
  return sent;
}
