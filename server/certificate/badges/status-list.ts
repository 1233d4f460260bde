import { gzipSync } from 'node:zlib';
import { STATUS_LIST_SIZE } from '../../../projections/certificate/credential-status';

/**
 * A Bitstring Status List's `encodedList`: the bits (index 0 is the first byte's highest bit),
 * GZIP-compressed, base64url without padding, with the multibase prefix `u`.
 */
export function encodeStatusList(setIndexes: readonly number[]): string {
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const index of setIndexes) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}
