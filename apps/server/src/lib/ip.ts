import ipaddr from 'ipaddr.js';

const normalise = (ip: string) => {
  const addr = ipaddr.parse(ip);
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
};

/** True when `ip` lies in any of the CIDR ranges; a malformed range matches nothing. */
export const ipInRanges = (ip: string, cidrs: readonly string[]) => {
  if (!ipaddr.isValid(ip)) return false;
  const addr = normalise(ip);
  return cidrs.some((cidr) => {
    try {
      const [range, bits] = ipaddr.parseCIDR(cidr);
      return addr.kind() === range.kind() && addr.match([range, bits]);
    } catch {
      return false;
    }
  });
};

export const displayIp = (ip: string) => (ipaddr.isValid(ip) ? normalise(ip).toString() : ip);
