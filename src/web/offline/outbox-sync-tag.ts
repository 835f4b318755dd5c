/**
 * The Background Sync tag the service worker answers (sw/sw.ts), apart from outbox.ts so the
 * browser tests can fire it without loading the app's modules.
 */
export const OUTBOX_SYNC_TAG = 'outbox-replay';
