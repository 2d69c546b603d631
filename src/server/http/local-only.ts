import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Whether the TCP peer is this machine. The socket's address, never request.ip: with
 * TRUST_PROXY that is X-Forwarded-For, which any caller can write, and a reverse proxy on
 * this machine would make every visitor look local.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** A Host header naming this machine: localhost, 127.0.0.1 or [::1], with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether the browser addressed this machine by a loopback name. A loopback socket is not
 * enough: a page the developer opens can point its own hostname at 127.0.0.1 (DNS
 * rebinding) and read the answers as same-origin, and Vite's proxy behind `--host` connects
 * from loopback for every LAN visitor; both keep the Host the browser sent, which is theirs.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/**
 * onRequest hook of the development helpers: callers from elsewhere get the 404 of a route
 * that does not exist, so the helpers neither answer nor reveal themselves to them. A request
 * a reverse proxy on this machine forwarded (it says so in X-Forwarded-For or Forwarded) is
 * from elsewhere too; Vite's development proxy adds neither, and keeps the browser's Host
 * (vite.config.ts), so http://localhost:5173 reaches them.
 */
export async function localOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(request.raw.socket.remoteAddress) && isLoopbackHost(request.headers.host) && !proxied) return;
  await reply.status(404).send(apiNotFound(request.method, request.url));
}
