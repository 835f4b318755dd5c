import { useCallback, useEffect, useRef } from 'react';

/**
 * Saves the latest value a moment after the last change, so typing writes to IndexedDB once per
 * pause rather than per key. `flush` saves at once (before leaving the step); leaving the page
 * flushes too, so nothing typed is lost.
 */
export function useDebouncedSave<T>(save: (value: T) => Promise<void>, delayMs = 300) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    try {
      await saveRef.current(next.value);
    } catch (error) {
      // A full or blocked IndexedDB: the form still holds the value, only resume is lost.
      console.error('Could not save the personal details', error);
    }
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), delayMs);
    },
    [flush, delayMs],
  );

  useEffect(() => () => void flush(), [flush]);
  return { schedule, flush };
}
