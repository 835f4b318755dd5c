/**
 * A first visit's settings request, sent by a small script in index.html's head
 * (scripts/settings-prefetch.ts) while the app's own script is still downloading: on a slow
 * link the two arrive together instead of one after the other. This is what that script leaves
 * for the app, and the names both sides share.
 */
export const SETTINGS_PREFETCH_GLOBAL = '__ridebookSettingsPrefetch';

export interface SettingsPrefetch {
  /** The key headers it was sent with: the app takes the answer only if they are its own. */
  keys: { public: string; secret: string };
  response: Promise<Response>;
}

/** Null once the app has looked: a script arriving after the app's own then asks nothing. */
type WithPrefetch = Record<typeof SETTINGS_PREFETCH_GLOBAL, SettingsPrefetch | null | undefined>;

/** The prefetched request, once (a later call gets nothing); undefined if none was sent. */
export function takeSettingsPrefetch(): SettingsPrefetch | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as WithPrefetch;
  const prefetch = holder[SETTINGS_PREFETCH_GLOBAL];
  holder[SETTINGS_PREFETCH_GLOBAL] = null;
  return prefetch ?? undefined;
}
