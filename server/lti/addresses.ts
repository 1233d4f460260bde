import type { Config } from '../config';

/** This tool's addresses, under PUBLIC_URL (or the local address in development). */
export function toolAddresses(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  return {
    base,
    loginUrl: `${base}/lti/login`,
    launchUrl: `${base}/lti/launch`,
    jwksUrl: `${base}/lti/jwks`,
  };
}
