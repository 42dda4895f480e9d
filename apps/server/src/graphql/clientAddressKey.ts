import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a per-address limit counts a client address under: an IPv4 address as itself (also when written
 * as IPv4-mapped IPv6), an IPv6 address by its /64 network, since one host or home is usually handed a
 * whole /64 and could otherwise take a fresh address for every request. Null when there is no address.
 */
export function clientAddressKey(ip: string | null): string | null {
  if (!ip) return null;
  const address = ip.split('%')[0]?.toLowerCase() ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  // An embedded IPv4 (the last 32 bits) stands for two groups; it never reaches the first four.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - width(before) - width(after);
  const groups = [...before, ...Array<string>(Math.max(0, missing)).fill('0'), ...after];
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
