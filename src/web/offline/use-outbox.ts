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

/** Where a saved submission is: still waiting, refused by the server, or gone (delivered). */
export type QueuedStatus = 'waiting' | 'refused' | 'delivered';

/**
 * Follows one saved submission by its Idempotency-Key: 'delivered' once its row left the
 * outbox, which happens only after the server's 2xx (whoever sent it: this page, another tab
 * or the service worker). Undefined without a key or until first read.
 */
export function useQueuedStatus(
  idempotencyKey: string | undefined,
  database: RideBookDb = db,
): QueuedStatus | undefined {
  const [status, setStatus] = useState<{ key: string; status: QueuedStatus }>();
  useEffect(() => {
    if (!idempotencyKey) return;
    const subscription = liveQuery(() =>
      database.outbox.where('idempotencyKey').equals(idempotencyKey).first(),
    ).subscribe({
      next: (item) =>
        setStatus({
          key: idempotencyKey,
          status: !item ? 'delivered' : item.refusedAt === undefined ? 'waiting' : 'refused',
        }),
      error: (error: unknown) => console.error('Could not follow the saved submission', error),
    });
    return () => subscription.unsubscribe();
  }, [idempotencyKey, database]);
  return idempotencyKey && status?.key === idempotencyKey ? status.status : undefined;
}
