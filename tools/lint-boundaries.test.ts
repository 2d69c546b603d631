import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('architecture boundaries (npm run lint)', () => {
  it.each([
    ['src/engine/score/weights.ts', "import { loadConfig } from '../../server/config';"],
    ['src/engine/index.ts', "import { App } from '../web/app/app';"],
    ['src/shared/plans.ts', "import { users } from '../server/db/schema';"],
    ['src/shared/defaults.ts', "import { something } from '../engine';"],
    ['src/web/app/app.tsx', "import { buildApp } from '../../server/app';"],
  ])('forbids %s from reaching across: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toHaveLength(1);
  });

  it.each([
    ['src/engine/index.ts', "import { OBJECT_TYPES } from '../shared/object-types';"],
    ['src/server/app.ts', "import { PLANS } from '../shared/plans';"],
    ['src/web/pages/landing-page.tsx', "import { PLANS } from '../../shared/plans';"],
  ])('allows %s to import shared code: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});
