import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { db, type OutboxRecord, type RideBookDb } from './db';
import {
  failedSubmissions,
  pendingSubmissions,
  subscribeOutbox,
  type FailedSubmission,
} from './outbox';

export type OutboxState = {
  pending: readonly OutboxRecord[];
  failed: readonly FailedSubmission[];
};

/**
 * What waits in the outbox and what the server refused. The waiting list is a Dexie live
 * query, so it follows changes made by this page, other tabs and the service worker alike.
 */
export function useOutbox(database: RideBookDb = db): OutboxState {
  const failed = useSyncExternalStore(subscribeOutbox, failedSubmissions, failedSubmissions);
  const [pending, setPending] = useState<readonly OutboxRecord[]>([]);
  useEffect(() => {
    const subscription = liveQuery(() => pendingSubmissions(database)).subscribe({
      next: setPending,
      error: (error: unknown) => {
        // Private mode or a blocked database: nothing can wait here, so there is nothing to list.
        console.error('Could not read the outbox', error);
        setPending([]);
      },
    });
    return () => subscription.unsubscribe();
  }, [database]);
  return { pending, failed };
}
