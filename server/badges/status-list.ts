import { gunzipSync, gzipSync } from 'node:zlib';
import { STATUS_LIST_SIZE } from '../../projections/badges/credential-status';

/**
 * A Bitstring Status List's `encodedList`: the bits (index 0 is the first byte's highest bit),
 * GZIP-compressed, base64url without padding, with the multibase prefix `u`.
 */
export function encodeStatusList(setIndexes: readonly number[]): string {
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const index of setIndexes) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** The bits of an `encodedList` (a verifier's side); throws on anything else. */
export function decodeStatusList(encoded: string): Uint8Array {
  if (!encoded.startsWith('u')) throw new Error('encodedList is not multibase base64url');
  return new Uint8Array(gunzipSync(Buffer.from(encoded.slice(1), 'base64url')));
}

export function bitAt(bits: Uint8Array, index: number): boolean {
  const byte = bits[index >> 3];
  if (byte === undefined) throw new Error('status index beyond the list');
  return (byte & (0x80 >> (index & 7))) !== 0;
}
