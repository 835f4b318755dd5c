import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { db, type OutboxRecord, type RideBookDb } from './db';
import { outboxItems } from './outbox';

export type OutboxState = {
  /** Still to be sent, oldest first. */
  pending: readonly OutboxRecord[];
  /** Refused by the server (`refusedAt` set, the reason in `lastError`), oldest first. */
  refused: readonly OutboxRecord[];
};

const EMPTY: OutboxState = { pending: [], refused: [] };

/**
 * What waits in the outbox and what the server refused. Both come from one Dexie live query,
 * so they follow changes made by this page, other tabs and the service worker alike, and a
 * refusal is still there after a reload.
 */
export function useOutbox(database: RideBookDb = db): OutboxState {
  const [state, setState] = useState<OutboxState>(EMPTY);
  useEffect(() => {
    const subscription = liveQuery(() => outboxItems(database)).subscribe({
      next: (items) =>
        setState({
          pending: items.filter((item) => item.refusedAt === undefined),
          refused: items.filter((item) => item.refusedAt !== undefined),
        }),
      error: (error: unknown) => {
        // Private mode or a blocked database: nothing can wait here, so there is nothing to list.
        console.error('Could not read the outbox', error);
        setState(EMPTY);
      },
    });
    return () => subscription.unsubscribe();
  }, [database]);
  return state;
}
