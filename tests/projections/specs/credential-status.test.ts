import { describe, it } from 'vitest';
import {
  credentialStatusProjection,
  STATUS_LIST_SIZE,
} from '../../../projections/certificate/credential-status';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCertificate, aModule, aUser } from './fixtures';

describe.each(databaseKinds)('credential_status on %s', (kind) => {
  const spec = projectionSpec(credentialStatusProjection, kind);
  const module = aModule();
  const item = { id: module.moduleId, path: module.path };
  const certificate = aCertificate('ann', item);

  it('an issued certificate’s entry comes from the position of its event, across lists', () => {
    const later = aCertificate('bob', item);
    return spec
      .given()
      .when(certificate.issued({ position: 41 }), later.issued({ position: STATUS_LIST_SIZE + 5 }))
      .thenRows({
        credential_status: [
          {
            certificate_id: certificate.certificateId,
            user_id: 'ann',
            status_list: 1,
            status_index: 41,
            revoked: false,
          },
          { certificate_id: later.certificateId, status_list: 2, status_index: 5, revoked: false },
        ],
      });
  });

  it('a revocation sets the bit', () =>
    spec
      .given(certificate.issued())
      .when(certificate.revoked())
      .thenRows({ credential_status: [{ revoked: true, user_id: 'ann' }] }));

  it('an erased holder’s entries read as revoked and name no one; the row and its place stay', () => {
    const bob = aCertificate('bob', item);
    return spec
      .given(certificate.issued({ position: 10 }), bob.issued({ position: 11 }))
      .when(aUser('ann').deleted())
      .thenRows({
        credential_status: [
          { certificate_id: certificate.certificateId, user_id: null, revoked: true, status_index: 10 },
          { certificate_id: bob.certificateId, user_id: 'bob', revoked: false },
        ],
      });
  });
});
