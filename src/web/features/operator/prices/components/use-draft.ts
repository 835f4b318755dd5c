import { useState } from 'react';

/**
 * An edit of something the server holds: the server's value turned into a draft until the
 * operator types, and the server's again once `key` moves on (another card, or a save that
 * gave it a new version) — without copying state in an effect.
 */
export function useDraft<S, D>(source: S | undefined, key: string, make: (source: S) => D) {
  const [edit, setEdit] = useState<{ key: string; draft: D } | null>(null);
  const draft = source === undefined ? null : edit?.key === key ? edit.draft : make(source);
  return [draft, (next: D) => setEdit({ key, draft: next })] as const;
}
