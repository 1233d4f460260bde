import { type SweepDeps, sweepRateLimitsJob } from './auth/sweep-rate-limits';
import { autoIssueCertificateJob, type CertificateDeps } from './certificates/auto-issue';
import { type ImageDeps, imageDerivativesJob } from './images/derivatives';
import type { JobDefinition } from './job';
import { type MailDeps, sendMailJob } from './mail/send-mail';
import { type CompactDeps, compactAfterErasureJob } from './user/compact-after-erasure';

export interface JobDependencies extends MailDeps, ImageDeps, CertificateDeps, SweepDeps, CompactDeps {
  log: {
    error: (context: object, message: string) => void;
    info: (context: object, message: string) => void;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each job narrows its own payload and dependencies
export const jobs: JobDefinition<any, any>[] = [
  sendMailJob,
  imageDerivativesJob,
  autoIssueCertificateJob,
  sweepRateLimitsJob,
  compactAfterErasureJob,
];
