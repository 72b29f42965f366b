// Lint rules for the whole workspace. The Nx module-boundary rule keeps the architecture honest:
// a remote never imports another remote, a service never imports another service, libs import no app.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

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
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:edge', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:infra', 'type:tooling'] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:lib', 'type:edge'] },
            {
              sourceTag: 'type:bench',
              onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:edge', 'type:tooling'],
            },
            { sourceTag: 'scope:web', notDependOnLibsWithTags: ['scope:server'] },
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
