import { afterEach, describe, expect, it, vi } from 'vitest';

const log = { info: vi.fn(), fatal: vi.fn(), error: vi.fn() };
const runtime = { stop: vi.fn(async () => undefined) };
vi.mock('./logger', () => ({ createLogger: () => log }));
vi.mock('./db/client', () => ({ openDatabase: async () => ({}) }));
vi.mock('./runtime', () => ({ startRuntime: async () => runtime }));

describe('startServer while `npm start` builds the web app', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports a build that fails before the server awaits it, and closes the database, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      const { startServer } = await import('./server');
      // Failed already, as a build child that stops at once: the server is still loading its modules.
      const failure = new Error('tools/build-web.ts ended with exit code 1');
      await expect(startServer({ webBuilt: Promise.reject(failure) })).rejects.toThrow('exit 1');
      expect(unhandled).toEqual([]);
      expect(log.fatal).toHaveBeenCalledWith({ err: failure }, 'could not build the web app');
      expect(runtime.stop).toHaveBeenCalledOnce();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
