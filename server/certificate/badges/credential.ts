import type { CertificateConfig } from '../../../events/certificate/config';
import type { CertificateKind } from '../../../events/certificate/events';
import type { TextKey } from '../../../events/errors';
import type { Language } from '../../../events/shared/fields';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
const OB_SCHEMA =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

/** The platform's public addresses for Open Badges, all under PUBLIC_URL. */
export const badgeUrls = (publicUrl: string) => {
  const base = publicUrl.replace(/\/$/, '');
  return {
    base,
    issuer: `${base}/ob/issuer`,
    statusList: (list: number) => `${base}/ob/status/${list}`,
    keySet: `${base}/.well-known/jwks.json`,
  };
};

export interface IssuerProfile {
  '@context': string[];
  id: string;
  type: ['Profile'];
  name: string;
  url: string;
}

export function issuerProfile(publicUrl: string, name: string): IssuerProfile {
  const urls = badgeUrls(publicUrl);
  return { '@context': [VC_CONTEXT, OB_CONTEXT], id: urls.issuer, type: ['Profile'], name, url: urls.base };
}

export interface CredentialFacts {
  publicUrl: string;
  issuerName: string;
  certificate: {
    certificateId: string;
    code: string;
    kind: CertificateKind;
    itemId: string;
    issuedAt: string;
    expiresAt: string | null;
  };
  holderName: string;
  item: { name: string; language: Language; description: string };
  /** The achievement's criteria, already written out from the certificate config. */
  criteria: string;
  status: { list: number; index: number };
}

/**
 * The certificate as an OpenBadgeCredential (VC Data Model 2.0, Open Badges 3.0). Pure: the same
 * facts give the same credential, whenever and however often it is asked for.
 */
export function openBadgeCredential(facts: CredentialFacts) {
  const urls = badgeUrls(facts.publicUrl);
  const { certificate, status } = facts;
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `urn:uuid:${certificate.certificateId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: facts.item.name,
    issuer: { id: urls.issuer, type: ['Profile'], name: facts.issuerName, url: urls.base },
    validFrom: certificate.issuedAt,
    ...(certificate.expiresAt ? { validUntil: certificate.expiresAt } : {}),
    // No `id`: the holder is named, never identified by an account id that would link their credentials.
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.holderName },
      ],
      achievement: {
        id: `urn:uuid:${certificate.itemId}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: facts.item.name,
        description: facts.item.description,
        criteria: { narrative: facts.criteria },
        inLanguage: facts.item.language,
      },
    },
    evidence: [
      {
        id: `${urls.base}/certificate/${certificate.code}`,
        type: ['Evidence'],
        name: 'Verification page',
      },
    ],
    credentialStatus: {
      id: `${urls.statusList(status.list)}#${status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(status.index),
      statusListCredential: urls.statusList(status.list),
    },
    credentialSchema: [{ id: OB_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
}
export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/**
 * The criteria of a certificate in words, in the item's language: how it is earned (the config's
 * conditions) and the certificate's own text when it has one.
 */
export function criteriaOf(
  kind: CertificateKind,
  config: CertificateConfig,
  t: (key: TextKey, params?: Record<string, unknown>) => string,
): string {
  const parts: string[] = [];
  if (kind === 'module' && config.auto) {
    parts.push(t('badges.criteria.auto'));
    if (config.complete) parts.push(t('badges.criteria.complete'));
    if (config.correct) parts.push(t('badges.criteria.correct'));
    if (config.content.requireRiziv) parts.push(t('badges.criteria.riziv'));
    parts.push(parts.pop()!.replace(/[;:]$/, '.'));
  } else {
    parts.push(t(kind === 'module' ? 'badges.criteria.manualModule' : 'badges.criteria.manualCourse'));
  }
  if (config.timed > 0)
    parts.push(
      t(config.timed === 1 ? 'badges.criteria.timedOne' : 'badges.criteria.timed', { years: config.timed }),
    );
  const text = [config.content.intro, config.content.body].filter((part) => part.trim()).join('\n\n');
  return text ? `${parts.join(' ')}\n\n${text}` : parts.join(' ');
}
