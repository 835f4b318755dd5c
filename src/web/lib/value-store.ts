import { useSyncExternalStore } from 'react';

/** One value kept outside React, which components read and re-render on when it changes. */
export interface ValueStore<T> {
  get(): T;
  set(next: T): void;
  /** The value in a component (a hook). */
  useValue(): T;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    useValue: () => useSyncExternalStore(subscribe, get, get),
  };
}
