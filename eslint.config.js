// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Import direction (DESIGN.md): web -> contract -> domain <- contract <- server. */
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
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'storage/', 'public/'] },
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
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
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
);
