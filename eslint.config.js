import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const listDirs = (path) => {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

// One-way imports: api <- lib <- resources <- components <- features <- routes, and no feature imports another.
// resources/ holds one module per resource of the interface (query keys, queryOptions, mutation hooks with
// their cache updates): several features read the same resource, so it sits below them all.
// The mock service (src/mock-service) and the connector catalogue (src/catalogue) sit beside api: the
// dashboard never imports the mock (only main.tsx, for the demo build), the catalogue is plain data.
// The service's rules (src/service-rules) are plain too: the service, the mock and the dashboard may
// import them, and they import only the contract and the catalogue.
const APP = ['./src/lib', './src/resources', './src/components', './src/features', './src/routes'];
const layerZones = [
  { target: './src/api', from: [...APP, './src/test', './src/mock-service', './src/catalogue', './src/service-rules'] },
  { target: './src/catalogue', from: [...APP, './src/test', './src/mock-service', './src/service-rules', './server'] },
  { target: './src/service-rules', from: [...APP, './src/test', './src/mock-service', './server'] },
  { target: './src/mock-service', from: ['./src/resources', './src/components', './src/features', './src/routes', './src/test', './server'] },
  { target: './src/lib', from: ['./src/resources', './src/components', './src/features', './src/routes', './src/test', './src/mock-service'] },
  { target: './src/resources', from: ['./src/components', './src/features', './src/routes', './src/test', './src/mock-service'] },
  { target: './src/components', from: ['./src/features', './src/routes', './src/test', './src/mock-service'] },
  { target: './src/features', from: ['./src/routes', './src/mock-service'] },
  ...listDirs('src/features').map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared piece to components/, resources/ or lib/.',
  })),
  { target: './server', from: [...APP, './src/mock-service'] },
];

// The cache is edited only by the hooks in src/resources (and cleared by lib's useClearCache): a screen
// that wants something refreshed or forgotten calls a hook, so every cache update is written once.
const CACHE_EDITS = 'setQueryData|setQueriesData|invalidateQueries|refetchQueries|resetQueries|removeQueries|cancelQueries';
const cacheEditRule = [
  'error',
  {
    selector: `CallExpression > MemberExpression.callee[property.name=/^(${CACHE_EDITS})$/]`,
    message: 'Edit the query cache in a hook of src/resources, and call that hook here.',
  },
  {
    selector: 'CallExpression > MemberExpression.callee[property.name="clear"][object.name=/[cC]lient$/]',
    message: 'Clear the query cache with useClearCache from lib/query-client.',
  },
];

export default defineConfig(
  globalIgnores(['dist', 'coverage', 'playwright-report', 'test-results', 'public/mockServiceWorker.js', 'src/routeTree.gen.ts', '.flowdeck']),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })] },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      'import-x/no-cycle': 'error',
      // The router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] }],
      'import-x/no-default-export': 'off',
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': cacheEditRule },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
