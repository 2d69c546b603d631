import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceFingerprint } from './build-web';

describe('the web build fingerprint (npm start rebuilds only when it changes)', () => {
  let base: string;
  const put = async (file: string, content: string) => {
    await mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await writeFile(path.join(base, file), content);
  };

  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'build-web-'));
    await put('src/web/main.tsx', 'render(<App />)');
    await put('src/web/pages/home.test.tsx', 'it("shows the home page")');
    await put('src/shared/plans.ts', 'export const plans = []');
    await put('content/blog/first.md', '# First');
    await put('vite.config.ts', 'export default {}');
    await put('package.json', '{"name":"datacleaner"}');
    await put('package-lock.json', '{}');
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('changes when a source, an article, the build settings, the package list or a locked package changes', async () => {
    const seen = new Set([await sourceFingerprint(base)]);
    for (const [file, content] of [
      ['src/web/main.tsx', 'render(<App strict />)'],
      ['src/shared/plans.ts', 'export const plans = [1]'],
      ['content/blog/first.md', '# First, edited'],
      ['content/blog/second.md', '# Second'],
      ['vite.config.ts', 'export default { base: "/" }'],
      ['package.json', '{"name":"datacleaner","type":"module"}'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ] as const) {
      await put(file, content);
      seen.add(await sourceFingerprint(base));
    }
    expect(seen.size).toBe(8);
  });

  it('stays the same when only a test changes', async () => {
    const before = await sourceFingerprint(base);
    await put('src/web/pages/home.test.tsx', 'it("shows the home page, edited")');
    expect(await sourceFingerprint(base)).toBe(before);
  });

  it('tells a renamed file from its content', async () => {
    const before = await sourceFingerprint(base);
    await rm(path.join(base, 'src/shared/plans.ts'));
    await put('src/shared/plan-list.ts', 'export const plans = []');
    expect(await sourceFingerprint(base)).not.toBe(before);
  });
});
