import { assertNever, type Decider } from '../decider';
import { notFound } from '../errors';
import type { CertificateCommand, CertificateSubject, NewCertificate } from './commands';
import { expiryOf, looksTooFast } from './config';
import type { CertificateEvent } from './events';
import { dueReminder } from './reminders';

export interface HeldCertificate {
  certificateId: string;
  code: string;
  issuedAt: string;
  expiresAt: string | null;
  how: 'auto' | 'manual';
  /** The thresholds (days before expiry) already reminded of, for this certificate. */
  reminded: number[];
}

/** One person's certificate for one module or course. */
export interface CertificateState {
  /** The certificate they hold (possibly expired); null before the first and after a revoke. */
  current: HeldCertificate | null;
  /** A certificate was issued at some time: the auto-issue job never issues again after a revoke. */
  issuedBefore: boolean;
  /** The fraud check's review: none, open (on the review list) or dismissed by an admin. */
  review: 'none' | 'open' | 'dismissed';
}

const isValidAt = (held: HeldCertificate, now: string) =>
  held.expiresAt === null || Date.parse(held.expiresAt) > Date.parse(now);

function issued(
  subject: CertificateSubject,
  fresh: NewCertificate,
  how: 'auto' | 'manual',
  by: string | null,
): CertificateEvent {
  const expires = expiryOf(new Date(fresh.now), fresh.timed);
  return {
    type: 'CertificateIssued',
    data: {
      certificateId: fresh.certificateId,
      code: fresh.code,
      ...subject,
      issuedAt: new Date(fresh.now).toISOString(),
      expiresAt: expires ? expires.toISOString() : null,
      how,
      issuedBy: by,
    },
  };
}

function decide(command: CertificateCommand, state: CertificateState): CertificateEvent[] {
  switch (command.type) {
    case 'AutoIssueCertificate': {
      const { subject, fraud, ...fresh } = command.data;
      // Idempotent: a holder, a revoked holder (only a person re-assigns) or a reviewed case gets nothing.
      if (state.current || state.issuedBefore || state.review !== 'none') return [];
      if (fraud && looksTooFast(fraud.secondsSpent, fraud.estimatedSeconds)) {
        return [{ type: 'CertificateFlagged', data: { ...subject, ...fraud, flaggedAt: fresh.now } }];
      }
      return [issued(subject, fresh, 'auto', null)];
    }
    case 'IssueCertificate': {
      const { subject, by, ...fresh } = command.data;
      // Assigning again while a valid certificate stands changes nothing (a double click, a retry).
      if (state.current && isValidAt(state.current, fresh.now)) return [];
      return [issued(subject, fresh, 'manual', by)];
    }
    case 'RevokeCertificate': {
      const { subject, by, now, reason } = command.data;
      if (!state.current) throw notFound('certificates.errors.notAssigned');
      return [
        {
          type: 'CertificateRevoked',
          data: {
            certificateId: state.current.certificateId,
            code: state.current.code,
            ...subject,
            revokedBy: by,
            revokedAt: now,
            reason,
          },
        },
      ];
    }
    case 'DismissReview': {
      const { subject, by, now } = command.data;
      if (state.review === 'dismissed') return [];
      if (state.review !== 'open') throw notFound('certificates.errors.noReview');
      return [
        { type: 'CertificateReviewDismissed', data: { ...subject, dismissedBy: by, dismissedAt: now } },
      ];
    }
    case 'RemindHolder': {
      const { subject, certificateId, thresholds, now } = command.data;
      // Revoked, renewed (another certificate stands) or erased meanwhile: nothing to remind of.
      const held = state.current;
      if (!held || held.certificateId !== certificateId || held.expiresAt === null) return [];
      const due = dueReminder({
        expiresAt: held.expiresAt,
        now: new Date(now),
        thresholds,
        sent: held.reminded,
      });
      if (due === null) return [];
      return [
        {
          type: 'CertificateReminderSent',
          data: {
            certificateId,
            ...subject,
            expiresAt: held.expiresAt,
            daysBefore: due,
            sentAt: new Date(now).toISOString(),
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: CertificateState, event: CertificateEvent): CertificateState {
  switch (event.type) {
    case 'CertificateIssued': {
      const { certificateId, code, issuedAt, expiresAt, how } = event.data;
      // Issuing settles an open review too.
      return {
        current: { certificateId, code, issuedAt, expiresAt, how, reminded: [] },
        issuedBefore: true,
        review: 'none',
      };
    }
    case 'CertificateRevoked':
      return state.current?.certificateId === event.data.certificateId ? { ...state, current: null } : state;
    case 'CertificateReminderSent': {
      const held = state.current;
      if (held?.certificateId !== event.data.certificateId) return state;
      return { ...state, current: { ...held, reminded: [...held.reminded, event.data.daysBefore] } };
    }
    case 'CertificateFlagged':
      return { ...state, review: 'open' };
    case 'CertificateReviewDismissed':
      return { ...state, review: 'dismissed' };
    default:
      return assertNever(event);
  }
}

export const certificateDecider: Decider<CertificateCommand, CertificateEvent, CertificateState> = {
  initialState: () => ({ current: null, issuedBefore: false, review: 'none' }),
  evolve,
  decide,
};
