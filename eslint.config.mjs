// Lint rules for the whole workspace. They keep the shape the code is meant to have:
// - Nx module boundaries: a remote never imports another remote, a service never imports another
//   service, libs import no app.
// - No import circles anywhere (import-x/no-cycle).
// - In the shell and every remote, imports flow one way, app -> features -> shared, and no feature
//   imports another feature (import-x/no-restricted-paths, zones built from the folders on disk).
// - The rules of hooks.
// - Pages import the router only through @marketplace/ui/router (the shared module).
import { existsSync, readdirSync } from 'node:fs';
import nx from '@nx/eslint-plugin';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const WEB_APPS = ['shell', 'mfe-catalogue', 'mfe-jobs', 'mfe-chat', 'mfe-admin'];

const subfolders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** bulletproof-react's one-way imports, per web app: src/app -> src/features/* -> the rest of src. */
function oneWayZones() {
  const zones = [];
  for (const app of WEB_APPS) {
    const src = `./${app}/src`;
    const features = `${src}/features`;
    for (const feature of subfolders(features)) {
      zones.push({
        target: `${features}/${feature}`,
        from: features,
        except: [`./${feature}`],
        message:
          'A feature must not import another feature: compose them in src/app, or move what they share out of features.',
      });
    }
    zones.push({
      target: features,
      from: `${src}/app`,
      message: 'Imports flow app -> features -> shared: a feature must not import from src/app.',
    });
    for (const shared of subfolders(src).filter((name) => name !== 'app' && name !== 'features')) {
      zones.push({
        target: `${src}/${shared}`,
        from: [features, `${src}/app`],
        message: 'Imports flow app -> features -> shared: shared code must not import features or src/app.',
      });
    }
  }
  return zones;
}

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', '.nx/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The one module of an app others may read: the shell's route table as data (no components),
          // which the bench and the journeys walk to visit every page, so a new route is never missed.
          allow: ['@marketplace/shell/src/app/routes/route-specs'],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:edge', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:infra', 'type:tooling'] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'type:tooling',
              onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:edge'],
            },
            {
              sourceTag: 'type:bench',
              onlyDependOnLibsWithTags: [
                'type:lib',
                'type:service',
                'type:edge',
                'type:tooling',
                'type:infra',
              ],
            },
            { sourceTag: 'scope:web', notDependOnLibsWithTags: ['scope:server'] },
            // contracts and page-head are read by the browser and the services alike.
            { sourceTag: 'scope:shared', notDependOnLibsWithTags: ['scope:web', 'scope:server'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Parse TypeScript dependencies too, or cycles through .ts files go unseen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: oneWayZones() }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Pages take the router from @marketplace/ui/router, the module the shell shares with the remotes
    // (libs/ui/src/router.ts): a direct import would give a remote a router of its own. Tests may use
    // MemoryRouter and the like directly.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'libs/ui/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom', 'react-router/dom'].map((name) => ({
            name,
            message: 'Import the router from @marketplace/ui/router (the shared module).',
          })),
        },
      ],
    },
  },
  {
    // The category and sub-category pages are a way in from search engines: their first view keeps the form
    // rules, the modal and the auth layout (@marketplace/ui/form) and react-hook-form off the wire.
    files: ['mfe-catalogue/src/features/landing/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-router', 'react-router-dom', 'react-router/dom'].map((name) => ({
              name,
              message: 'Import the router from @marketplace/ui/router (the shared module).',
            })),
            {
              name: '@marketplace/ui/form',
              message:
                'Use @marketplace/ui/fields: the category page loads the fields without the form rules.',
            },
            { name: 'react-hook-form', message: 'The category page reads its small form on submit.' },
          ],
        },
      ],
    },
  },
  {
    // The libraries both sides read (shapes and constants in contracts, page words in page-head) run in
    // the services and in the edge's first paint too: no React, no router.
    files: ['libs/contracts/src/**/*.ts', 'libs/page-head/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react/*',
                'react-dom',
                'react-dom/*',
                'react-router',
                'react-router-dom',
                'react-router/*',
              ],
              message: 'contracts and page-head are React-free: the services and the edge read them too.',
            },
          ],
        },
      ],
    },
  },
  {
    // Jest setup files that Jest loads as CommonJS.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
];
