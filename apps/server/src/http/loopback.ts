import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address is this machine's own: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (net.isIPv4(address)) return LOOPBACK.check(address, 'ipv4');
  // BlockList matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 subnet.
  if (net.isIPv6(address)) return LOOPBACK.check(address, 'ipv6');
  return false;
}

/** Headers a reverse proxy adds to say whom it forwards a request for. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether a request comes from this machine and nowhere else: its socket peer and its
 * client address (which honours TRUST_PROXY) are both loopback, and it carries no
 * forwarding header. A reverse proxy on the same host connects from loopback too, so a
 * request it forwarded is never taken for a local one.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}
