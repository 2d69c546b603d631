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
    ['src/engine/index.ts', "import { generatePortal } from '../synthetic-crm';"],
    ['src/shared/plans.ts', "import { users } from '../server/db/schema';"],
    ['src/shared/defaults.ts', "import { something } from '../engine';"],
    ['src/shared/defaults.ts', "import { OWNERS } from '../synthetic-crm';"],
    ['src/web/app/app.tsx', "import { buildApp } from '../../server/app';"],
    ['src/web/app/app.tsx', "import { generatePortal } from '../../synthetic-crm';"],
    ['src/synthetic-crm/generate-portal.ts', "import { findDuplicates } from '../engine';"],
    ['src/synthetic-crm/generate-portal.ts', "import { users } from '../server/db/schema';"],
    ['src/synthetic-crm/generate-portal.ts', "import { RecordStore } from '../../tools/hubspot-sandbox/record-store';"],
  ])('forbids %s from reaching across layers: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([expect.stringContaining('may not import from')]);
  });

  it.each([
    ['src/server/modules/demo/demo-routes.ts', "import { listHistory } from '../cleanup/cleanup-history';"],
    ['src/server/modules/demo/demo-routes.int.test.ts', "import { users } from '../accounts/users';"],
    ['src/server/app.ts', "import { authRoutes } from './modules/auth/auth-routes';"],
    ['src/server/jobs/registry.ts', "import { scanJob } from '../modules/scans/run-scan';"],
    ['src/server/test/test-app.ts', "import { DemoAccount } from '../modules/demo/demo-account';"],
    ['bench/http-results.ts', "import { generateDemoPortal } from '../src/server/modules/demo/demo-portal';"],
    ['src/server/modules/objects/phone-quality.ts', "import { normalizePhone } from '../../../engine/normalize/phone';"],
    ['src/server/modules/objects/quality-sql.int.test.ts', "import { normalizeEmail } from '../../../engine/normalize/email';"],
    ['tools/dedupe.ts', "import { normalizeEmail } from '../src/engine/normalize/email';"],
    ['src/server/modules/demo/demo-portal.ts', "import { generatePortal } from '../../../synthetic-crm/generate-portal';"],
    ['tools/hubspot-sandbox/faults.ts', "import { SeededRandom } from '../../src/synthetic-crm/seeded-random';"],
    ['bench/engine.ts', "import { generateContacts } from '../src/synthetic-crm/contacts-and-companies';"],
  ])('forbids %s from reaching into another part\'s files: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it.each([
    ['src/server/modules/demo/demo-portal.ts', "import { seedPortal } from '../../../../tools/hubspot-sandbox/seed-portal';"],
    ['src/server/modules/scans/run-scan.ts', "import { measureAccuracy } from '../../../../bench/lib/metrics';"],
    ['src/server/app.ts', "import { startSandbox } from '../../tools/hubspot-sandbox/sandbox';"],
    ['tools/hubspot-sandbox/seed-portal.ts', "import { generateContacts } from '../../bench/lib/synthetic-crm';"],
  ])('keeps the sandbox and the benchmarks out of %s: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([expect.stringContaining('may not import from')]);
  });

  it.each([
    ['src/engine/index.ts', "import { OBJECT_TYPES } from '../shared/object-types';"],
    ['src/server/app.ts', "import { PLANS } from '../shared/plans';"],
    ['src/web/pages/landing-page.tsx', "import { PLANS } from '../../shared/plans';"],
    ['src/synthetic-crm/generate-portal.ts', "import type { ObjectType } from '../shared/object-types';"],
    ['src/synthetic-crm/contacts-and-companies.ts', "import names from './data/names.json' with { type: 'json' };"],
  ])('allows %s to import shared code and its own files: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });

  it.each([
    ['src/server/modules/demo/demo-routes.ts', "import { listHistory } from '../cleanup';"],
    ['src/server/modules/demo/demo-routes.ts', "import { demoMergePlan } from './demo-cleanup';"],
    ['src/server/modules/demo/demo-account.ts', "import { users } from '../../db/schema';"],
    ['src/server/app.ts', "import { authRoutes } from './modules/auth';"],
    ['src/server/test/test-app.ts', "import { DemoAccount } from '../modules/demo';"],
    ['bench/http-results.ts', "import { generateDemoPortal } from '../src/server/modules/demo';"],
    ['src/server/modules/objects/phone-quality.ts', "import { normalizePhone } from '../../../engine';"],
    ['tools/dedupe.ts', "import { findDuplicates } from '../src/engine';"],
    ['src/server/modules/demo/demo-portal.ts', "import { generatePortal } from '../../../synthetic-crm';"],
    ['tools/hubspot-sandbox/faults.ts', "import { SeededRandom } from '../../src/synthetic-crm';"],
    ['src/server/modules/scans/scan-flow.int.test.ts', "import { startSandbox } from '../../../../tools/hubspot-sandbox/sandbox';"],
    ['bench/sync.ts', "import { startSandbox } from '../tools/hubspot-sandbox/sandbox';"],
  ])('allows %s to use another part through its index, and tests to start the sandbox: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});
