import { type SweepDeps, sweepRateLimitsJob } from './auth/sweep-rate-limits';
import { sweepSessionsJob } from './auth/sweep-sessions';
import { type LiveReminderDeps, liveRemindersJob } from './calendar/live-reminders';
import { autoIssueCertificateJob, type CertificateDeps } from './certificates/auto-issue';
import { certificateRemindersJob, type ReminderDeps } from './certificates/reminders';
import { removeUnusedUploadJob } from './file/remove-unused-upload';
import { removeUploadJob, type UploadRemovalDeps, type UploadStore } from './file/remove-upload';
import { type DerivativeStore, type ImageDeps, imageDerivativesJob } from './images/derivatives';
import type { JobDefinition } from './job';
import { type LtiScoreDeps, ltiScoreJob } from './lti/send-score';
import { type MailDeps, sendMailJob } from './mail/send-mail';
import { type CompactDeps, compactAfterErasureJob } from './user/compact-after-erasure';
import { type XapiPushDeps, xapiPushJob } from './xapi/push-statements';

export interface JobDependencies
  extends MailDeps,
    ImageDeps,
    CertificateDeps,
    ReminderDeps,
    LiveReminderDeps,
    SweepDeps,
    CompactDeps,
    UploadRemovalDeps,
    XapiPushDeps,
    LtiScoreDeps {
  /** The file store: image derivatives write to it, upload removal empties an upload's folder. */
  files: DerivativeStore & UploadStore;
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
  sweepSessionsJob,
  compactAfterErasureJob,
  removeUploadJob,
  removeUnusedUploadJob,
  certificateRemindersJob,
  liveRemindersJob,
  xapiPushJob,
  ltiScoreJob,
];
