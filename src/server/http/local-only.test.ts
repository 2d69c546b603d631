import { describe, expect, it } from 'vitest';
import { isLoopback } from './local-only';

describe('isLoopback', () => {
  it('knows this machine in every spelling a socket reports, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '1270.0.0.1', '::2', 'localhost', '127.0.0.1.evil.example']) expect(isLoopback(address), String(address)).toBe(false);
  });
});
