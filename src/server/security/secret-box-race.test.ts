import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/test-app';
import { SecretBox } from './secret-box';

// writeFile creates the file, then fills it: here the time between the two is stretched, so
// a process starting meanwhile reliably finds the file, as it rarely does for real.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const writeFile = async (file: string, data: string, options?: { flag?: string; mode?: number }) => {
    const handle = await fs.open(file, options?.flag ?? 'w', options?.mode);
    try {
      await sleep(50);
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

describe('SecretBox key file creation', () => {
  it('gives processes starting together one key, never a half-written file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'secret-box-race-'));
    try {
      const config = testConfig({ DATA_DIR: path.join(dir, 'data'), KEY_FILE: path.join(dir, 'keys', 'encryption.key') });
      // Each call stands for a process: the first creates the file while the second reads it.
      const first = SecretBox.fromConfig(config);
      await sleep(10);
      const boxes = await Promise.all([first, SecretBox.fromConfig(config)]);
      expect(boxes[1].open(boxes[0].seal('x'))).toBe('x');
      expect(await readdir(path.join(dir, 'keys'))).toEqual(['encryption.key']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
