import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Addresses a webhook may not reach in production: the host itself, private networks, link-local (cloud metadata), multicast.
const blocked = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is loopback, private, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_URL_MESSAGE = 'url must point to a public host: loopback and private network addresses are refused';

export const WEBHOOK_PORT_MESSAGE = 'url must use port 80, 443 or a port from 1024 up';

/** In production, the refusal of a port below 1024 other than 80 and 443 (the well-known ports of other services). */
export function portProblem(url: string, production: boolean): string | null {
  if (!production) return null;
  const target = new URL(url);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  return port === 80 || port === 443 || port >= 1024 ? null : WEBHOOK_PORT_MESSAGE;
}

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[|\]$/g, '');
}

/** In production, the refusal of a URL whose host is or resolves to a private address; null when it may be used. */
export async function privateUrlProblem(url: string, production: boolean): Promise<string | null> {
  if (!production) return null;
  const port = portProblem(url, production);
  if (port) return port;
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? PRIVATE_URL_MESSAGE : null;
  const addresses = await new Promise<LookupAddress[]>((resolve) => lookup(host, { all: true }, (error, found) => resolve(error ? [] : found)));
  if (addresses.length === 0) return `url: the host ${host} could not be resolved`;
  return addresses.some((a) => isPrivateAddress(a.address)) ? PRIVATE_URL_MESSAGE : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A dns lookup for http.request that refuses private addresses at connect time, so a name that
 * resolved to a public address when registered cannot be pointed inside later (DNS rebinding).
 */
export function guardedLookup(production: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    lookup(hostname, { ...options }, (error, address: string | LookupAddress[], family?: number) => {
      if (error) return callback(error, address, family);
      const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (production && all.some(isPrivateAddress)) return callback(Object.assign(new Error(PRIVATE_URL_MESSAGE), { code: 'EPRIVATE' }), address, family);
      callback(null, address, family);
    });
  };
}

/** The IP-literal check http.request skips its lookup for. */
export function literalPrivateHost(url: string, production: boolean): boolean {
  const host = hostOf(url);
  return production && isIP(host) !== 0 && isPrivateAddress(host);
}
