import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { EnginePool } from './engine-pool';

describe('the pool of engine threads', () => {
  const pool = new EnginePool();
  afterAll(() => pool.close());

  it('replaces a thread a big scan wore out, once no other scan holds it', async () => {
    const [worker] = pool.ready(1);
    await worker!.run({ task: 'ping' });
    const big = pool.take(1);
    const small = pool.take(1);
    pool.give(big, true);
    // Another scan still holds it: the thread stays.
    expect(pool.ready(1)[0]).toBe(worker);
    pool.give(small, false);
    const [fresh] = pool.ready(1);
    expect(fresh).not.toBe(worker);
    expect(await fresh!.run({ task: 'ping' })).toBe('pong');
    await expect.poll(() => worker!.dead).toBe(true);
  });

  it('fails a task at once on a stopped thread, and one that cannot be sent, without holding the process', async () => {
    const own = new EnginePool();
    const [worker] = own.ready(1);
    await expect(worker!.run({ task: 'ping', extra: () => {} } as unknown as { task: 'ping' })).rejects.toThrow(/could not be cloned/);
    expect(await worker!.run({ task: 'ping' })).toBe('pong');
    await own.close();
    await expect.poll(() => worker!.dead).toBe(true);
    await expect(worker!.run({ task: 'ping' })).rejects.toThrow('Engine worker stopped');
  });

  it('keeps a thread that only small scans used', () => {
    const [worker] = pool.ready(1);
    pool.give(pool.take(1), false);
    expect(pool.ready(1)[0]).toBe(worker);
  });

  it('lets the process end once its threads are idle, a replaced one included', async () => {
    // A command-line run (npm run dedupe, the benchmarks) must end when its work does.
    const script = `
      const { EnginePool } = await import(${JSON.stringify(fileURLToPath(new URL('./engine-pool.ts', import.meta.url)))});
      const pool = new EnginePool();
      const [worker] = pool.ready(1);
      await worker.run({ task: 'ping' });
      pool.give(pool.take(1), true);
      await pool.ready(1)[0].run({ task: 'ping' });
      pool.give(pool.take(1), true);
      console.log('done');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 50_000 });
    expect(stdout.trim()).toBe('done');
  }, 60_000);
});
