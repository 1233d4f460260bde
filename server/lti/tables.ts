import type { ColumnType } from 'kysely';

/** LTI state outside the log (migrations/…_create_lti.ts): never rebuilt from events. */
export interface LtiPrivateTables {
  /** The tool's RSA key (a private JWK): it signs deep-linking answers and token requests. */
  lti_tool_keys: {
    kid: string;
    private_jwk: string;
    created_at: ColumnType<Date, string, never>;
  };
  /** A login under way: the `state` sent to the platform, the nonce its id_token must carry. */
  lti_logins: {
    state: string;
    nonce: string;
    platform_id: string;
    expires_at: ColumnType<Date, string, string>;
  };
  /** Where a launched learner's module score goes back to: the platform's line item, their id there. */
  lti_grade_targets: {
    user_id: string;
    module_id: string;
    platform_id: string;
    /** The platform's `sub` of the person, which its score service names them by. */
    subject: string;
    line_item_url: string;
    updated_at: ColumnType<Date, string, string>;
  };
}
