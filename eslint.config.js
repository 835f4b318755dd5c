// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Import direction (DESIGN.md): web -> contract -> domain <- contract <- server. */
const layer = (/** @type {string[]} */ forbidden, /** @type {string} */ message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((group) => ({ group: [group], message })) },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'storage/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/domain/**'],
    rules: layer(
      ['**/contract/**', '**/web/**', '**/server/**', 'node:*', 'react', 'react-dom', 'dexie', 'kysely'],
      'domain is pure: it imports only zod and itself.',
    ),
  },
  {
    files: ['src/contract/**'],
    rules: layer(['**/web/**', '**/server/**', 'node:*', 'react'], 'contract imports only domain.'),
  },
  {
    files: ['src/web/**', 'sw/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layer(['**/server/**', 'node:*'], 'web never imports server code or Node built-ins.'),
    },
  },
  {
    files: ['src/server/**'],
    rules: layer(['**/web/**', 'react', 'react-dom'], 'server never imports web code.'),
  },
);
