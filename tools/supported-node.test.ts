import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };

/**
 * Packages that declare a newer Node than ours and still run on it (the whole suite runs on
 * the oldest supported Node), each with the reason no declared-compatible version will do.
 * npm prints one EBADENGINE warning per entry on install; README says why.
 */
const KNOWN_NEWER = new Map([
  // Every 11.x and 12.x declares Node 22; 10.x has no heartbeats, keyed schedules or PGlite
  // adapter, and cannot open a database 12.x has already migrated.
  ['node_modules/pg-boss', '>=22.12.0'],
]);

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
      })
      .filter((line) => ![...KNOWN_NEWER].some(([where, wanted]) => line.startsWith(`${where}@`) && line.endsWith(`wants node ${wanted}`)));
    expect(refusing).toEqual([]);
  });
});
