import { describe, expect, it } from 'vitest';
import type { CertificateCommand, CertificateSubject } from '../../../events/certificate/commands';
import { certificateDecider } from '../../../events/certificate/decider';
import type { CertificateEvent } from '../../../events/certificate/events';
import { DAY_MS, daysUntil, dueReminder } from '../../../events/certificate/reminders';
import { deciderSpec } from '../decider-spec';

const expiresAt = '2027-11-22T10:00:00.000Z';
const ahead = (days: number, hours = 0) =>
  new Date(Date.parse(expiresAt) - days * DAY_MS - hours * 3_600_000);
const thresholds = [60, 30, 7];

describe('dueReminder', () => {
  const table: [
    string,
    { now: Date; sent: number[]; expires?: string | null; thresholds?: number[] },
    number | null,
  ][] = [
    ['more than 60 days left: none yet', { now: ahead(60, 1), sent: [] }, null],
    ['exactly 60 days left: the 60-day one', { now: ahead(60), sent: [] }, 60],
    ['45 days left, nothing sent: the 60-day one', { now: ahead(45), sent: [] }, 60],
    ['45 days left, 60 sent: none', { now: ahead(45), sent: [60] }, null],
    ['30 days left, 60 sent: the 30-day one', { now: ahead(30), sent: [60] }, 30],
    ['20 days left, nothing sent (the job was down): only the 30-day one', { now: ahead(20), sent: [] }, 30],
    ['20 days left, 30 sent: none', { now: ahead(20), sent: [60, 30] }, null],
    ['7 days left, 60 and 30 sent: the 7-day one', { now: ahead(7), sent: [60, 30] }, 7],
    ['one hour left, 7 sent: none', { now: ahead(0, 1), sent: [60, 30, 7] }, null],
    ['one hour left, only 60 sent: the 7-day one', { now: ahead(0, 1), sent: [60] }, 7],
    ['expired: none', { now: ahead(0), sent: [] }, null],
    ['long expired: none', { now: ahead(-10), sent: [] }, null],
    ['never expires: none', { now: ahead(5), sent: [], expires: null }, null],
    ['no thresholds configured: none', { now: ahead(5), sent: [], thresholds: [] }, null],
    ['thresholds in any order', { now: ahead(25), sent: [60], thresholds: [7, 60, 30] }, 30],
    [
      'thresholds changed to 45 and 14 after the 60-day one: 45 is due at 40 days',
      { now: ahead(40), sent: [60], thresholds: [45, 14] },
      45,
    ],
  ];
  it.each(table)('%s', (_name, given, expected) => {
    expect(
      dueReminder({
        expiresAt: given.expires === undefined ? expiresAt : given.expires,
        now: given.now,
        thresholds: given.thresholds ?? thresholds,
        sent: given.sent,
      }),
    ).toBe(expected);
  });

  it('counts whole days up', () => {
    expect(daysUntil(expiresAt, ahead(29, 23).toISOString())).toBe(30);
    expect(daysUntil(expiresAt, ahead(30).toISOString())).toBe(30);
    expect(daysUntil(expiresAt, ahead(-1).toISOString())).toBe(0);
  });
});

const spec = deciderSpec(certificateDecider);
const subject: CertificateSubject = {
  kind: 'module',
  itemId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0101',
  itemPath: 'contraception-quiz',
  userId: 'learner-1',
};
const first = { certificateId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201', code: 'AAAAAAAAAAAAAAAA' };
const second = { certificateId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0202', code: 'BBBBBBBBBBBBBBBB' };
const issued = (fresh = first, expires: string | null = expiresAt): CertificateEvent => ({
  type: 'CertificateIssued',
  data: {
    ...fresh,
    ...subject,
    issuedAt: '2026-11-22T10:00:00.000Z',
    expiresAt: expires,
    how: 'manual',
    issuedBy: 'teacher-1',
  },
});
const remind = (now: Date, certificateId = first.certificateId): CertificateCommand => ({
  type: 'RemindHolder',
  data: { subject, certificateId, thresholds, now: now.toISOString() },
});
const sent = (daysBefore: number, now: Date, certificateId = first.certificateId): CertificateEvent => ({
  type: 'CertificateReminderSent',
  data: { certificateId, ...subject, expiresAt, daysBefore, sentAt: now.toISOString() },
});

describe('RemindHolder', () => {
  it('reminds of the threshold reached', () => {
    spec([issued()])
      .when(remind(ahead(59)))
      .thenEvents([sent(60, ahead(59))]);
  });
  it('reminds of each threshold once', () => {
    spec([issued(), sent(60, ahead(59))])
      .when(remind(ahead(58)))
      .thenEvents([]);
    spec([issued(), sent(60, ahead(59))])
      .when(remind(ahead(29)))
      .thenEvents([sent(30, ahead(29))]);
    spec([issued(), sent(60, ahead(59)), sent(30, ahead(29)), sent(7, ahead(6))])
      .when(remind(ahead(1)))
      .thenEvents([]);
  });
  it('does not remind before the first threshold', () => {
    spec([issued()])
      .when(remind(ahead(61)))
      .thenEvents([]);
  });
  it('does not remind of a revoked certificate', () => {
    const revoked: CertificateEvent = {
      type: 'CertificateRevoked',
      data: { ...first, ...subject, revokedBy: 'admin-1', revokedAt: ahead(70).toISOString(), reason: null },
    };
    spec([issued(), revoked])
      .when(remind(ahead(59)))
      .thenEvents([]);
  });
  it('does not remind of a certificate renewed meanwhile', () => {
    spec([issued(), issued(second, '2028-11-22T10:00:00.000Z')])
      .when(remind(ahead(59)))
      .thenEvents([]);
  });
  it('reminds of the renewed certificate from scratch, its predecessor reminders forgotten', () => {
    const renewedExpiry = '2028-11-22T10:00:00.000Z';
    const at = new Date(Date.parse(renewedExpiry) - 59 * DAY_MS);
    spec([issued(), sent(60, ahead(59)), issued(second, renewedExpiry)])
      .when(remind(at, second.certificateId))
      .thenEvents([
        {
          type: 'CertificateReminderSent',
          data: {
            certificateId: second.certificateId,
            ...subject,
            expiresAt: renewedExpiry,
            daysBefore: 60,
            sentAt: at.toISOString(),
          },
        },
      ]);
  });
  it('does not remind of a certificate that never expires, or has expired', () => {
    spec([issued(first, null)])
      .when(remind(ahead(59)))
      .thenEvents([]);
    spec([issued()])
      .when(remind(ahead(-1)))
      .thenEvents([]);
  });
});
