import { type Kysely, sql } from 'kysely';
import { AUTO_ISSUE_JOB } from './certificates/auto-issue';
import type { FollowUp } from './follow-ups';
import { LTI_SCORE_JOB } from './lti/send-score';

const pairOf = (payload: { userId: string; moduleId: string }) => `${payload.userId} ${payload.moduleId}`;

/**
 * The follow-ups worth a job. Every answer asks for the certificate job and the LTI score job; only a
 * module that issues automatically needs the first, only a participant a learning platform launched
 * into the module the second. Knowing that costs one statement in the append transaction (both
 * questions at once) instead of jobs sent, fetched and run for nothing on every save.
 */
export async function neededFollowUps(
  // biome-ignore lint/suspicious/noExplicitAny: any transaction of the full schema
  trx: Kysely<any>,
  followUps: readonly FollowUp[],
): Promise<FollowUp[]> {
  const moduleIds = new Set<string>();
  const userIds = new Set<string>();
  for (const followUp of followUps) {
    if (followUp.job !== AUTO_ISSUE_JOB && followUp.job !== LTI_SCORE_JOB) continue;
    moduleIds.add(followUp.payload.moduleId);
    userIds.add(followUp.payload.userId);
  }
  if (moduleIds.size === 0) return [...followUps];
  const modules = [...moduleIds];
  const { rows } = await sql<{ automatic: string[]; launched: string[] }>`
    select
      coalesce((select array_agg(item_id::text) from certificate_configs
        where item_type = 'module' and item_id = any(${modules}::uuid[]) and (config->>'auto')::boolean),
        '{}') as automatic,
      coalesce((select array_agg(distinct user_id || ' ' || module_id::text) from lti_grade_targets
        where module_id = any(${modules}::uuid[]) and user_id = any(${[...userIds]})),
        '{}') as launched`.execute(trx);
  const automatic = new Set(rows[0]?.automatic ?? []);
  const launched = new Set(rows[0]?.launched ?? []);
  return followUps.filter((followUp) =>
    followUp.job === AUTO_ISSUE_JOB
      ? automatic.has(followUp.payload.moduleId)
      : followUp.job === LTI_SCORE_JOB
        ? launched.has(pairOf(followUp.payload))
        : true,
  );
}
