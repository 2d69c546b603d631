/**
 * What every sandbox's `main.ts` does once it listens: warn when the unauthenticated admin routes
 * face a network, and close cleanly on Ctrl-C or SIGTERM.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function serveUntilStopped(sandbox: { close(): Promise<void> }, host: string): void {
  if (!LOOPBACK.has(host)) console.warn(`Warning: listening on ${host}; the /_sandbox admin routes have no authentication.`);
  const stop = () => void sandbox.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
