import { createValueStore } from '../../../lib/value-store';
import * as z from 'zod/mini';
import type { AddressSuggestion } from '../../../../domain/fleet';
import { noSavedBooking } from '../state/booking-drafts';

// IndexedDB code loads on the first pick, keeping Dexie out of the home page's first load.
const loadDb = () => import('../../../offline/db');

/** A popular place the visitor picked; the quote form reads it to prefill the pick-up. */
export const popularPickSchema = z.object({
  id: z.int(),
  address: z.string(),
  pickedAt: z.number(),
});
export type PopularPick = z.infer<typeof popularPickSchema>;

export async function readPopularPick(): Promise<PopularPick | undefined> {
  // A first visit has stored nothing: no need to download IndexedDB code to find that out.
  if (await noSavedBooking()) return undefined;
  const { readDraft } = await loadDb();
  return readDraft('popularPick', popularPickSchema);
}

/** The place picked last since this page loaded: the quote form takes it. */
const latestPick = createValueStore<PopularPick | undefined>(undefined);

/**
 * Picks a place: the quote form (and the list's pressed state) take it at once; it is also
 * stored, so a reload still prefills the pick-up. The write is local, so it works offline; if
 * storage fails, the pick still applies to this page.
 */
export async function pickPopularPlace(place: AddressSuggestion): Promise<void> {
  const pick: PopularPick = { id: place.id, address: place.address, pickedAt: Date.now() };
  try {
    const { saveDraft } = await loadDb();
    await saveDraft('popularPick', pick);
  } catch (error) {
    console.error('Could not keep the chosen place on this device', error);
  }
  latestPick.set(pick);
}

/** The latest place picked at or after `since` (a component's mount time), if any. */
export function useLatestPopularPick(since: number): PopularPick | undefined {
  const latest = latestPick.useValue();
  return latest && latest.pickedAt >= since ? latest : undefined;
}
