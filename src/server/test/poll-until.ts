/**
 * Polls `read` until `done` says so; fails with what it last saw after `timeoutMs`. Every
 * wait in the integration tests goes through here, so none can hang without a deadline.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, describe: (value: T) => string, everyMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Not there after ${timeoutMs} ms: ${describe(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
