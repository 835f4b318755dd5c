import { useSyncExternalStore } from 'react';

/**
 * Whether a new service worker is installed and waiting, and how to switch to it. Kept outside
 * React so the registration (started before the first render) and the prompt can meet.
 */
export type UpdateState = {
  waiting: boolean;
  /** Activates the waiting worker and reloads once it controls the page. */
  applyUpdate: (() => void) | null;
};

const idle: UpdateState = { waiting: false, applyUpdate: null };
let state: UpdateState = idle;
const listeners = new Set<() => void>();

function emit(next: UpdateState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Called by the registration when a new version is waiting. */
export function announceUpdate(applyUpdate: () => void): void {
  emit({ waiting: true, applyUpdate });
}

/** Back to "no update" (tests, or after the update was applied). */
export function resetUpdateState(): void {
  emit(idle);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => idle,
  );
}
