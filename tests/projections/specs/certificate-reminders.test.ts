import { describe, it } from 'vitest';
import { certificateRemindersProjection } from '../../../projections/certificate/certificate-reminders';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCertificate, aModule, aUser } from './fixtures';

describe.each(databaseKinds)('certificate_reminders on %s', (kind) => {
  const spec = projectionSpec(certificateRemindersProjection, kind);
  const module = aModule();
  const certificate = aCertificate('ann', { id: module.moduleId, path: module.path });

  it('each threshold reminded of is a row; a reminder sent again keeps the first time', () =>
    spec
      .given(certificate.reminded(30, '2026-11-26T08:00:00.000Z'))
      .when(
        certificate.reminded(7, '2027-11-17T08:00:00.000Z'),
        certificate.reminded(30, '2026-12-01T08:00:00.000Z'),
      )
      .thenRows({
        certificate_reminders: [
          {
            certificate_id: certificate.certificateId,
            user_id: 'ann',
            days_before: 30,
            sent_at: '2026-11-26T08:00:00.000Z',
          },
          { days_before: 7, sent_at: '2027-11-17T08:00:00.000Z' },
        ],
      }));

  it('an erased holder’s reminders go, the others’ stay', () => {
    const bob = aCertificate('bob', { id: module.moduleId, path: module.path });
    return spec
      .given(certificate.reminded(30), bob.reminded(30))
      .when(aUser('ann').deleted())
      .thenRows({ certificate_reminders: [{ user_id: 'bob' }] });
  });
});
