import { BlockList, isIP } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports it) as plain IPv4. */
const plain = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** Whether `ip` is one of the allowed addresses or ranges; an empty list allows every address. */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const address = plain(ip);
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(address) === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = '', prefix] = entry.split('/');
    const family = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, family);
    else list.addSubnet(base, Number(prefix), family);
  }
  return list.check(address, type);
}
