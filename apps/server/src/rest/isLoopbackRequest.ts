import type { FastifyRequest } from 'fastify';

/** Headers a proxy adds when it forwards a request: with any of them, the caller is not this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether the request comes from this machine itself: its socket's peer is a loopback address
 * (127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6) and no proxy forwarded it. The socket is
 * read, not `request.ip`, which believes X-Forwarded-For under TRUST_PROXY; and a reverse proxy on the
 * same host would make every visitor loopback, so forwarded requests never count.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress ?? '';
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}
