import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { AddressSuggestion } from '../../../../domain/fleet';
import { queryKeys } from '../../../lib/query-keys';

// IndexedDB code loads on the first pick, keeping Dexie out of the home page's first load.
const loadDb = () => import('../../../offline/db');

/** A popular place the visitor picked; the quote form reads it to prefill the pick-up. */
export const popularPickSchema = z.object({
  id: z.int(),
  address: z.string(),
  pickedAt: z.number(),
});
export type PopularPick = z.infer<typeof popularPickSchema>;

/** Stores the pick as the `popularPick` draft in IndexedDB. */
export async function savePopularPick(place: AddressSuggestion): Promise<PopularPick> {
  const pick: PopularPick = { id: place.id, address: place.address, pickedAt: Date.now() };
  const { saveDraft } = await loadDb();
  await saveDraft('popularPick', pick);
  return pick;
}

export async function readPopularPick(): Promise<PopularPick | undefined> {
  const { readDraft } = await loadDb();
  return readDraft('popularPick', popularPickSchema);
}

/**
 * Saves a pick. The write is local, so it runs offline too: in the default 'online' mode it
 * would pause until the network returned, be persisted as a paused mutation, and fail on a
 * reload with no function registered to resume it.
 */
export function useSavePopularPick() {
  return useMutation({
    mutationKey: queryKeys.drafts.popularPick(),
    mutationFn: savePopularPick,
    networkMode: 'always',
  });
}
