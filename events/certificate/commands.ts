import { z } from 'zod';
import { pathSchema } from '../shared/fields';
import type { CertificateKind } from './events';

/** certify(module, user) (docs/guide/certificates.md): a teacher or admin assigns a module certificate. */
export const certifySchema = z.object({ module: pathSchema, user: z.string().min(1).max(200) });
/** addCertificateToUser / removeCertificateFromUser(_id, course) (docs/guide/certificates.md). */
export const courseCertificateSchema = z.object({ _id: z.string().min(1).max(200), course: pathSchema });
/** Revoking a module certificate (the review list and the result view). */
export const revokeModuleCertificateSchema = certifySchema.extend({
  reason: z.string().max(500).optional(),
});
/**
 * Dismissing a review names the same module and user as certify: a name of its own for the action.
 * @alias
 */
export const reviewSchema = certifySchema;

export interface CertificateSubject {
  kind: CertificateKind;
  itemId: string;
  itemPath: string;
  userId: string;
}

/** A fresh certificate's identity, made outside the decider (random), and the moment and validity. */
export interface NewCertificate {
  certificateId: string;
  code: string;
  now: string;
  /** Years of validity from the config (0: never expires). */
  timed: number;
}

export type CertificateCommand =
  | {
      type: 'AutoIssueCertificate';
      data: NewCertificate & {
        subject: CertificateSubject;
        /** Null when the config does not ask for the fraud check. */
        fraud: { secondsSpent: number; estimatedSeconds: number } | null;
      };
    }
  | { type: 'IssueCertificate'; data: NewCertificate & { subject: CertificateSubject; by: string } }
  | {
      type: 'RevokeCertificate';
      data: { subject: CertificateSubject; by: string; now: string; reason: string | null };
    }
  | { type: 'DismissReview'; data: { subject: CertificateSubject; by: string; now: string } }
  | {
      type: 'RemindHolder';
      /** The certificate the reminder job looked at, and the configured days before expiry. */
      data: { subject: CertificateSubject; certificateId: string; thresholds: number[]; now: string };
    };
