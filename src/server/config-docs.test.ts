import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config';

const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const envExample = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const variables = Object.keys(configSchema.shape);

describe('configuration documentation', () => {
  it.each(variables)('README.md has a table row for %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it.each(variables)('.env.example names %s', (name) => {
    expect(envExample).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it.each(variables)('README.md gives the real default of %s', (name) => {
    const row = readme.match(new RegExp(`^\\| \`${name}\` \\| ([^|]+) \\|`, 'm'));
    const value = (configSchema.shape as Record<string, { safeParse(v: unknown): { data?: unknown } }>)[name]!.safeParse(undefined).data;
    const shown = row?.[1]?.trim();
    if (value === undefined) expect(shown === 'none' || shown?.includes('PORT')).toBe(true);
    else expect(shown).toBe(`\`${String(value)}\``);
  });

  it('documents no variable that config.ts does not read', () => {
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...variables].sort());
  });
});
