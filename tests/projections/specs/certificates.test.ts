import { describe, it } from 'vitest';
import { certificatesProjection } from '../../../projections/certificate/certificates';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCertificate, aModule, aUser } from './fixtures';

describe.each(databaseKinds)('certificates on %s', (kind) => {
  const spec = projectionSpec(certificatesProjection, kind);
  const module = aModule();
  const item = { id: module.moduleId, path: module.path };
  const ann = aUser('ann');
  const certificate = aCertificate('ann', item);

  it('an issued certificate is a row, with when it expires', () =>
    spec
      .given()
      .when(certificate.issued({ expiresAt: '2027-11-24T08:00:00.000Z' }))
      .thenRows({
        certificates: [
          {
            certificate_id: certificate.certificateId,
            code: certificate.code,
            kind: 'module',
            item_id: module.moduleId,
            user_id: 'ann',
            issued_at: '2026-11-24T08:00:00.000Z',
            expires_at: '2027-11-24T08:00:00.000Z',
            how: 'auto',
            revoked_at: null,
          },
        ],
      }));

  it('a revoked certificate keeps its row, with who, when and why', () =>
    spec
      .given(certificate.issued())
      .when(certificate.revoked('copied answers'))
      .thenRows({
        certificates: [
          { revoked_at: '2026-11-25T08:00:00.000Z', revoked_by: 'admin', revoke_reason: 'copied answers' },
        ],
      }));

  it('a flagged case is on the review list until dismissed or issued', () => {
    const bob = aCertificate('bob', item);
    const eve = aCertificate('eve', item);
    return spec
      .given(certificate.flagged(), bob.flagged(), eve.flagged())
      .when(certificate.dismissed(), bob.issued())
      .thenRows({
        certificate_reviews: [{ user_id: 'eve', seconds_spent: 60, estimated_seconds: 600 }],
        certificates: [{ user_id: 'bob' }],
      });
  });

  it('an erased holder’s certificates and cases go, their codes are remembered as erased', () => {
    const other = aCertificate('bob', item);
    return spec
      .given(
        certificate.issued(),
        other.issued(),
        aCertificate('ann', { id: module.moduleId, path: 'x' }).flagged(),
      )
      .when(ann.deleted())
      .thenRows({
        certificates: [{ user_id: 'bob' }],
        certificate_reviews: [],
        erased_certificates: [{ code: certificate.code }],
      });
  });
});
