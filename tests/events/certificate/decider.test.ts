import { describe, expect, it } from 'vitest';
import type { CertificateCommand, CertificateSubject } from '../../../events/certificate/commands';
import {
  certificateConfigSchema,
  expiryOf,
  looksTooFast,
  timedSchema,
} from '../../../events/certificate/config';
import { certificateDecider } from '../../../events/certificate/decider';
import type { CertificateEvent } from '../../../events/certificate/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(certificateDecider);
const subject: CertificateSubject = {
  kind: 'module',
  itemId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0101',
  itemPath: 'contraception-quiz',
  userId: 'learner-1',
};
const first = { certificateId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201', code: 'AAAAAAAAAAAAAAAA' };
const second = { certificateId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0202', code: 'BBBBBBBBBBBBBBBB' };
const now = '2026-11-22T10:00:00.000Z';
const later = '2027-01-10T10:00:00.000Z';

const auto = (
  fresh = first,
  fraud: { secondsSpent: number; estimatedSeconds: number } | null = null,
  timed = 0,
): CertificateCommand => ({ type: 'AutoIssueCertificate', data: { ...fresh, now, timed, subject, fraud } });
const manual = (fresh = second, at = later, timed = 0): CertificateCommand => ({
  type: 'IssueCertificate',
  data: { ...fresh, now: at, timed, subject, by: 'teacher-1' },
});
const issued = (
  fresh = first,
  how: 'auto' | 'manual' = 'auto',
  at = now,
  expiresAt: string | null = null,
): CertificateEvent => ({
  type: 'CertificateIssued',
  data: {
    ...fresh,
    ...subject,
    issuedAt: at,
    expiresAt,
    how,
    issuedBy: how === 'auto' ? null : 'teacher-1',
  },
});
const revoked = (fresh = first): CertificateEvent => ({
  type: 'CertificateRevoked',
  data: { ...fresh, ...subject, revokedBy: 'admin-1', revokedAt: later, reason: null },
});
const flagged: CertificateEvent = {
  type: 'CertificateFlagged',
  data: { ...subject, secondsSpent: 30, estimatedSeconds: 600, flaggedAt: now },
};
const dismissed: CertificateEvent = {
  type: 'CertificateReviewDismissed',
  data: { ...subject, dismissedBy: 'admin-1', dismissedAt: later },
};
const revoke: CertificateCommand = {
  type: 'RevokeCertificate',
  data: { subject, by: 'admin-1', now: later, reason: null },
};
const dismiss: CertificateCommand = { type: 'DismissReview', data: { subject, by: 'admin-1', now: later } };

describe('certificate decider', () => {
  const table: {
    name: string;
    given: CertificateEvent[];
    when: CertificateCommand;
    thenEvents?: CertificateEvent[];
    throws?: [string, string];
  }[] = [
    { name: 'issues automatically the first time', given: [], when: auto(), thenEvents: [issued()] },
    {
      name: 'sets the expiry after the configured years',
      given: [],
      when: auto(first, null, 3),
      thenEvents: [issued(first, 'auto', now, '2029-11-22T10:00:00.000Z')],
    },
    {
      name: 'never issues twice automatically (a retry)',
      given: [issued()],
      when: auto(second),
      thenEvents: [],
    },
    {
      name: 'does not re-issue automatically after a revoke',
      given: [issued(), revoked()],
      when: auto(second),
      thenEvents: [],
    },
    {
      name: 'flags an implausibly fast participant instead of issuing',
      given: [],
      when: auto(first, { secondsSpent: 30, estimatedSeconds: 600 }),
      thenEvents: [flagged],
    },
    {
      name: 'issues when the time spent is plausible',
      given: [],
      when: auto(first, { secondsSpent: 400, estimatedSeconds: 600 }),
      thenEvents: [issued()],
    },
    { name: 'leaves an open review alone', given: [flagged], when: auto(), thenEvents: [] },
    { name: 'leaves a dismissed review alone', given: [flagged, dismissed], when: auto(), thenEvents: [] },
    {
      name: 'assigns by hand',
      given: [],
      when: manual(),
      thenEvents: [issued(second, 'manual', later)],
    },
    {
      name: 'assigning a standing certificate again changes nothing',
      given: [issued()],
      when: manual(),
      thenEvents: [],
    },
    {
      name: 're-assigns after a revoke',
      given: [issued(), revoked()],
      when: manual(),
      thenEvents: [issued(second, 'manual', later)],
    },
    {
      name: 're-assigns after an expiry',
      given: [issued(first, 'auto', now, '2026-12-22T10:00:00.000Z')],
      when: manual(),
      thenEvents: [issued(second, 'manual', later)],
    },
    {
      name: 'issuing from the review list settles the review',
      given: [flagged],
      when: manual(),
      thenEvents: [issued(second, 'manual', later)],
    },
    { name: 'revokes the standing certificate', given: [issued()], when: revoke, thenEvents: [revoked()] },
    {
      name: 'refuses to revoke what is not there',
      given: [issued(), revoked()],
      when: revoke,
      throws: ['NOT_FOUND', 'certificates.errors.notAssigned'],
    },
    { name: 'dismisses an open review', given: [flagged], when: dismiss, thenEvents: [dismissed] },
    { name: 'dismissing twice changes nothing', given: [flagged, dismissed], when: dismiss, thenEvents: [] },
    {
      name: 'refuses to dismiss without a review',
      given: [],
      when: dismiss,
      throws: ['NOT_FOUND', 'certificates.errors.noReview'],
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const then = spec(row.given).when(row.when);
      if (row.throws) then.thenThrows(row.throws[0] as never, row.throws[1]);
      else then.thenEvents(row.thenEvents ?? []);
    });
  }

  it('revoking then issuing again leaves the new certificate standing', () => {
    const state = [issued(), revoked(), issued(second, 'manual', later)].reduce(
      certificateDecider.evolve,
      certificateDecider.initialState(),
    );
    expect(state.current?.code).toBe(second.code);
    expect(state.issuedBefore).toBe(true);
  });
});

describe('certificate config', () => {
  it('fills every field with a default', () => {
    expect(certificateConfigSchema.parse({})).toMatchObject({
      auto: false,
      complete: true,
      correct: false,
      checkFraud: false,
      timed: 0,
      content: { header: '', requireRiziv: false, courseDates: false },
    });
  });

  it('takes timed as whole years ≥ 0, empty meaning never', () => {
    expect(timedSchema.parse('')).toBe(0);
    expect(timedSchema.parse('2')).toBe(2);
    expect(timedSchema.safeParse(1.5).success).toBe(false);
    expect(timedSchema.safeParse(-1).success).toBe(false);
  });

  it('expires after the configured years, or never', () => {
    expect(expiryOf(new Date('2024-02-29T12:00:00Z'), 0)).toBeNull();
    expect(expiryOf(new Date('2026-11-22T10:00:00Z'), 2)?.toISOString()).toBe('2028-11-22T10:00:00.000Z');
  });

  it('flags less than a quarter of the estimated time', () => {
    expect(looksTooFast(149, 600)).toBe(true);
    expect(looksTooFast(150, 600)).toBe(false);
    expect(looksTooFast(0, 0)).toBe(false);
  });
});
