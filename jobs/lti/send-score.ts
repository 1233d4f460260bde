import { z } from 'zod';
import { defineJob } from '../job';

export const ltiScorePayloadSchema = z.object({ userId: z.string().min(1).max(200), moduleId: z.uuid() });
export type LtiScorePayload = z.output<typeof ltiScorePayloadSchema>;

/** What the job needs from the server: the score, read and sent (server/lti/grades.ts). */
export interface LtiScoreDeps {
  lti: { sendScore: (payload: LtiScorePayload) => Promise<void> };
}

export const LTI_SCORE_JOB = 'lti.send-score';

/**
 * Sends a participant's module score back to the learning platforms that launched them into it
 * (LTI Assignment and Grade Services), queued with every answer and teacher score of such a pair.
 * Keyed per participant and module (`stately`): a burst of answers sends the latest score once or
 * twice, never a score older than one already sent, since each run reads the score when it runs.
 */
export const ltiScoreJob = defineJob({
  name: LTI_SCORE_JOB,
  schema: ltiScorePayloadSchema,
  retryLimit: 8,
  retryDelay: 30,
  policy: 'stately',
  handler: async (payload: LtiScorePayload, deps: LtiScoreDeps) => {
    await deps.lti.sendScore(payload);
  },
});

export const ltiScoreKey = (payload: LtiScorePayload) => `lti-score-${payload.moduleId}.${payload.userId}`;
