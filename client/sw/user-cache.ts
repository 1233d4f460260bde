import { dataCachePrefix } from '../lib/offline-caches';

/**
 * The data cache holds one user's answers at a time (client/lib/offline-caches.ts). Whose a request
 * is, the worker reads from the subject of its bearer token (the server verified it; the worker only
 * needs to tell users apart), and a request of someone else first deletes what was kept for the
 * previous user. A request without a token (offline, the session could not be renewed) reads the
 * one data cache there is: the last user's, who never signed out on this browser.
 */

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** The JWT's subject, or null when the token cannot be read. */
function subjectOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

async function hashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class UserCaches {
  /** Bumped by every wipe: a request that started before one stores nothing when it ends. */
  epoch = 0;

  constructor(private readonly build: string) {}

  private get prefix() {
    return `${dataCachePrefix}${this.build}-`;
  }

  /** Whether a cache name is one of this version's data caches. */
  owns(name: string): boolean {
    return name.startsWith(this.prefix);
  }

  /** The cache name of the token's user, or null without a readable token. */
  async nameFor(token: string | null): Promise<string | null> {
    const subject = token ? subjectOf(token) : null;
    return subject ? `${this.prefix}${await hashOf(subject)}` : null;
  }

  /** The cache to read for a request: its user's, or without a token the one kept. */
  async readable(token: string | null): Promise<Cache | null> {
    const name = token ? await this.nameFor(token) : (await this.names())[0];
    return name && (await caches.has(name)) ? caches.open(name) : null;
  }

  /**
   * The cache to store a request's answer in, after deleting any other user's; null without a token,
   * or when a wipe came since the request started (`epoch`).
   */
  async writable(token: string | null, epoch: number): Promise<Cache | null> {
    const name = await this.nameFor(token);
    if (!name || epoch !== this.epoch) return null;
    await Promise.all(
      (await this.names()).filter((other) => other !== name).map((other) => caches.delete(other)),
    );
    return epoch === this.epoch ? caches.open(name) : null;
  }

  /** Deletes every user's data, of every version. */
  async wipe(): Promise<void> {
    this.epoch += 1;
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(dataCachePrefix)).map((name) => caches.delete(name)),
    );
  }

  private async names(): Promise<string[]> {
    return (await caches.keys()).filter((name) => this.owns(name));
  }
}
