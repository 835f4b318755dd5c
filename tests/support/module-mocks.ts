/**
 * The test files that replace a module with vi.mock. They run isolated (vitest.config.ts): the
 * other files of their project share their modules within a worker, and a module another file had
 * already loaded there would not be replaced. tests/server/module-mocks.test.ts fails when a
 * file using vi.mock is missing here.
 */
export const FILES_WITH_MODULE_MOCKS = {
  server: ['tests/server/database.test.ts'],
  // The third parties' SDKs (Stripe, Google Maps).
  web: [
    'tests/web/payment.test.tsx',
    'tests/web/quotation-map.test.tsx',
    'tests/web/quote-form-google.test.tsx',
  ],
} as const;
