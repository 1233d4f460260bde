import { z } from 'zod';
import { defineJob } from '../job';

export const autoIssuePayloadSchema = z.object({ userId: z.string().min(1).max(200), moduleId: z.uuid() });
export type AutoIssuePayload = z.output<typeof autoIssuePayloadSchema>;

/** What the job needs from the server: the decision itself runs through the command pipeline. */
export interface CertificateDeps {
  certificates: {
    /** Checks the module's certificate config against the participant's result and issues, flags or waits. */
    autoIssue: (payload: AutoIssuePayload) => Promise<void>;
  };
}

export const AUTO_ISSUE_JOB = 'certificate.auto-issue';

/**
 * Automatic issue of a module certificate, queued with every answer (and teacher score). Keyed per
 * participant and module (pg-boss `stately`: at most one waiting and one running), and idempotent
 * whatever runs it: the decision holds the certificate stream's lock, and a certificate that exists
 * (or existed, or is under review) is never issued again by the job.
 */
export const autoIssueCertificateJob = defineJob({
  name: AUTO_ISSUE_JOB,
  schema: autoIssuePayloadSchema,
  retryLimit: 5,
  retryDelay: 5,
  policy: 'stately',
  // Hundreds of participants may finish at once (a class, a deadline): four workers, ten a fetch.
  work: { batchSize: 10, concurrency: 4 },
  handler: async (payload: AutoIssuePayload, deps: CertificateDeps) => {
    await deps.certificates.autoIssue(payload);
  },
});

/** The singleton key of one participant's job for one module. */
export const autoIssueKey = (payload: AutoIssuePayload) =>
  `certificate-${payload.moduleId}.${payload.userId}`;
