import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };

describe('supported Node versions (package.json engines)', () => {
  const oldest = semver.minVersion(manifest.engines.node);

  it('runs the tests on a supported Node', () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('installs no package that declares it needs a newer Node than the oldest we support', () => {
    expect(oldest).not.toBeNull();
    const refusing = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, locked]) => {
        const wanted = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
        return wanted && !semver.satisfies(oldest!, wanted) ? [`${where}@${locked.version} wants node ${wanted}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
