// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/** The web's features, each its own zone: see the import-x block at the end. */
const WEB_FEATURES = readdirSync(`${import.meta.dirname}/src/web/features`);

/** Import direction (docs/ARCHITECTURE.md): web -> contract -> domain <- contract <- server. */
const layer = (/** @type {string[]} */ forbidden, /** @type {string} */ message) => ({
  'no-restricted-imports': [
    'error',
    {
      // A leading ^ marks an exact regex (e.g. '^zod$' forbids 'zod' but not 'zod/mini').
      patterns: forbidden.map((p) =>
        p.startsWith('^') ? { regex: p, message } : { group: [p], message },
      ),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      'data/',
      'coverage/',
      'storage/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // Files and functions stay readable (issue 32): split by job, not by line count. Blank lines
  // and comments do not count. Seed data and the table types are data, not code; a migration
  // is the record of what was shipped and is never edited, so its one `up` stays whole.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/seed-data/**', 'src/server/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 350, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/seed-data/**', 'src/server/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: layer(
      [
        '**/contract/**',
        '**/web/**',
        '**/server/**',
        'node:*',
        'react',
        'react-dom',
        'dexie',
        'kysely',
        '^zod$',
      ],
      "domain is pure: it imports only 'zod/mini' and itself.",
    ),
  },
  {
    files: ['src/contract/**'],
    rules: layer(
      ['**/web/**', '**/server/**', 'node:*', 'react', '^zod$'],
      "contract imports only domain (and 'zod/mini', which keeps the browser bundle small).",
    ),
  },
  {
    files: ['src/web/**', 'sw/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layer(
        ['**/server/**', 'node:*', '^zod$'],
        "web never imports server code or Node built-ins; it uses 'zod/mini' (classic zod weighs ~20 kB).",
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: layer(['**/web/**', 'react', 'react-dom'], 'server never imports web code.'),
  },
  // Inside web, as bulletproof-react draws it: app composes features; a feature imports only
  // itself and the shared parts; the shared parts import no feature and not app.
  {
    files: ['src/**', 'sw/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message:
                'a feature does not import another feature: share through components/ or lib/, or compose in app/.',
            })),
            {
              target: './src/web/features',
              from: './src/web/app',
              message: 'features do not import app/: app composes them.',
            },
            {
              target: [
                './src/web/api',
                './src/web/components',
                './src/web/config',
                './src/web/lib',
                './src/web/offline',
                './src/web/pwa',
              ],
              from: ['./src/web/features', './src/web/app'],
              message: 'shared web code imports no feature and not app/.',
            },
          ],
        },
      ],
    },
  },
);
