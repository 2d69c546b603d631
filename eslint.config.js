import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (DESIGN.md, Layout; docs/decisions/011-module-boundaries.md). ESLint keeps
 * one set of options per rule and file, so each group of files lists every pattern it needs.
 */
const layer = (name) => ({
  regex: `(^|/)${name}(/|$)`,
  message: `This layer may not import from ${name} (DESIGN.md, Layout).`,
});
const throughIndex = (regex, what) => ({ regex, message: `Use ${what} through its index.ts (import the folder), not its files.` });
/** A file inside the engine, or inside the synthetic CRM, from outside it. */
const engineFiles = throughIndex('(^|/)engine/', 'the engine');
const syntheticFiles = throughIndex('(^|/)synthetic-crm/', 'the synthetic CRM');
/** A server module's file from outside the modules folder, or from a sibling module (`../other/file`). */
const moduleFiles = throughIndex('(^|/)modules/[^/]+/', 'another server module');
const siblingModuleFiles = throughIndex('^\\.\\./[^./][^/]*/', 'another server module');
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Product code never imports the sandbox or the benchmarks; tests may start the sandbox. */
const outsideProduct = [layer('tools'), layer('bench')];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/server/test/**'];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['bench/**'], rules: restrict(engineFiles, syntheticFiles, moduleFiles) },
  { files: ['tools/**', 'e2e/**'], rules: restrict(engineFiles, syntheticFiles, moduleFiles, layer('bench')) },
  { files: ['src/shared/**'], rules: restrict(...['server', 'web', 'engine', 'synthetic-crm'].map(layer), ...outsideProduct) },
  { files: ['src/engine/**'], rules: restrict(...['server', 'web', 'synthetic-crm'].map(layer), ...outsideProduct) },
  { files: ['src/synthetic-crm/**'], rules: restrict(...['server', 'web', 'engine'].map(layer), ...outsideProduct) },
  { files: ['src/web/**'], rules: restrict(...['server', 'synthetic-crm'].map(layer), engineFiles, ...outsideProduct) },
  { files: ['src/server/**'], ignores: TESTS, rules: restrict(engineFiles, syntheticFiles, moduleFiles, ...outsideProduct) },
  { files: ['src/server/**/*.test.ts', 'src/server/test/**'], rules: restrict(engineFiles, syntheticFiles, moduleFiles) },
  { files: ['src/server/modules/**'], ignores: TESTS, rules: restrict(engineFiles, syntheticFiles, moduleFiles, siblingModuleFiles, ...outsideProduct) },
  { files: ['src/server/modules/**/*.test.ts'], rules: restrict(engineFiles, syntheticFiles, moduleFiles, siblingModuleFiles) },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
