// Lint rules for every workspace: type-aware TypeScript rules, React hooks, no console.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';

// apps/web direction (apps/web/README.md): app/ → features/ → components/, hooks/, lib/, i18n/. Two
// rules so their options do not replace each other: `no-restricted-imports` keeps relative
// imports inside the importing file's own folder (anything else is written `@/…`), and
// `@typescript-eslint/no-restricted-imports` checks which folder may import which.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webTests = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];
const webTopFolders = ['app', 'components', 'features', 'hooks', 'lib', 'i18n', 'test'];
const webImport = (regex, message) => ({ regex, message: `${message} (apps/web/README.md)` });
const noWebApp = webImport(
  '^@/app(/|$)',
  'Only app/ imports app/; shared pieces live in components/, hooks/ or lib/.',
);
const webDirection = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            '*.ts',
            'scripts/*.mjs',
            'apps/server/scripts/*.mjs',
            'bench/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Package direction (docs/architecture.md): the engine imports none of ours, and the shared
  // package neither of the apps.
  {
    files: ['packages/calc/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@costory/*'], message: 'packages/calc is the pure engine.' }] },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@costory/server', '@costory/web', '@costory/server/*', '@costory/web/*'],
              message: 'packages/shared serves both apps and imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [webImport('^\\.\\./\\.\\./', 'Write imports from outside this folder as @/…')],
        },
      ],
    },
  },
  {
    // A file right under a top folder or a feature folder leaves it with a single `../`.
    files: [
      ...webTopFolders.map((folder) => `apps/web/src/${folder}/*.{ts,tsx}`),
      'apps/web/src/features/*/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [webImport('^\\.\\./', 'Write imports from outside this folder as @/…')] },
      ],
    },
  },
  webDirection(
    ['apps/web/src/{components,hooks,lib,i18n}/**/*.{ts,tsx}'],
    [
      noWebApp,
      webImport('^@/features(/|$)', 'components/, hooks/, lib/ and i18n/ import no feature.'),
    ],
    webTests,
  ),
  // Tests may use another feature's `test/` fixtures, nothing else of it.
  webDirection(
    webTests.map((glob) => `apps/web/src/{components,hooks,lib,i18n}/${glob}`),
    [
      noWebApp,
      webImport('^@/features/[^/]+/(?!test/)', 'Tests use only the test/ fixtures of a feature.'),
    ],
  ),
  ...webFeatures.flatMap((feature) => [
    webDirection(
      [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        noWebApp,
        webImport(
          `^@/features/(?!${feature}/)`,
          'Features never import each other: move what both need to components/, hooks/ or lib/.',
        ),
      ],
      webTests,
    ),
    webDirection(
      webTests.map((glob) => `apps/web/src/features/${feature}/${glob}`),
      [
        noWebApp,
        webImport(
          `^@/features/(?!${feature}/)[^/]+/(?!test/)`,
          'Tests use only the test/ fixtures of another feature.',
        ),
      ],
    ),
  ]),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**', 'apps/server/scripts/**', 'bench/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
