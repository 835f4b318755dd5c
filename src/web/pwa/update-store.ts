import { createValueStore } from '../lib/value-store';

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
const state = createValueStore<UpdateState>(idle);

/** Called by the registration when a new version is waiting. */
export function announceUpdate(applyUpdate: () => void): void {
  state.set({ waiting: true, applyUpdate });
}

/** Back to "no update" (tests, or after the update was applied). */
export function resetUpdateState(): void {
  state.set(idle);
}

export function useUpdateState(): UpdateState {
  return state.useValue();
}
