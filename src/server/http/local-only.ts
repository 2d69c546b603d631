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

/**
 * onRequest hook of the development helpers: callers from elsewhere get the 404 of a route
 * that does not exist, so the helpers neither answer nor reveal themselves to them. A request
 * a reverse proxy on this machine forwarded (it says so in X-Forwarded-For or Forwarded) is
 * from elsewhere too; Vite's development proxy adds neither.
 */
export async function localOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(request.raw.socket.remoteAddress) && !proxied) return;
  await reply.status(404).send(apiNotFound(request.method, request.url));
}
