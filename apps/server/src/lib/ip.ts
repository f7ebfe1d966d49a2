import ipaddr from 'ipaddr.js';

const normalise = (ip: string) => {
  const addr = ipaddr.parse(ip);
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
};

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
/** Parsed ranges per list (a merchant's configuration is one cached object, so its list is too). */
const parsedRanges = new WeakMap<readonly string[], Range[]>();
const rangesOf = (cidrs: readonly string[]) => {
  let ranges = parsedRanges.get(cidrs);
  if (!ranges) {
    ranges = cidrs.flatMap((cidr): Range[] => {
      try {
        return [ipaddr.parseCIDR(cidr)];
      } catch {
        return [];
      }
    });
    parsedRanges.set(cidrs, ranges);
  }
  return ranges;
};

/** True when `ip` lies in any of the CIDR ranges; a malformed range matches nothing. */
export const ipInRanges = (ip: string, cidrs: readonly string[]) => {
  if (cidrs.length === 0 || !ipaddr.isValid(ip)) return false;
  const addr = normalise(ip);
  return rangesOf(cidrs).some(([range, bits]) => addr.kind() === range.kind() && addr.match([range, bits]));
};

export const displayIp = (ip: string) => (ipaddr.isValid(ip) ? normalise(ip).toString() : ip);
