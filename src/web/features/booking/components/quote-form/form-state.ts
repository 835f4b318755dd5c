import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Typing settles this long before the draft is written to IndexedDB. */
export const DRAFT_SAVE_DELAY_MS = 300;

/**
 * Writes the form to its draft as the visitor types, so a reload, a closed tab or a crash
 * brings it back. Leaving the page (pagehide, a hidden tab) or the form writes at once.
 * `save` must be stable (a module-level function).
 */
export function useDraftAutosave<T extends FieldValues>(
  form: UseFormReturn<T>,
  save: (values: T) => Promise<void>,
  enabled: boolean,
): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const saveNow = () => {
      timer = undefined;
      save(form.getValues()).catch((error: unknown) =>
        console.error('Could not save the booking on this device', error),
      );
    };
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      saveNow();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const subscription = form.watch((_values, { name }) => {
      // A reset (restoring the draft) has no field name: nothing new to save.
      if (name === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(saveNow, DRAFT_SAVE_DELAY_MS);
    });
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [enabled, form, save]);
}

/**
 * Takes new starting values (the saved draft, read after the first paint) without losing what
 * the visitor has typed meanwhile. Compared by content, so a parent passing an equal object
 * again changes nothing.
 */
export function useResetOnInitial<T extends FieldValues>(form: UseFormReturn<T>, initial: T): void {
  const applied = useRef(JSON.stringify(initial));
  useEffect(() => {
    const next = JSON.stringify(initial);
    if (next === applied.current) return;
    applied.current = next;
    form.reset(initial, { keepDirtyValues: true });
  }, [form, initial]);
}

/** A popular place the visitor picked, to become the pick-up; a new key applies it again. */
export type PickupPrefill = { address: string; key: number };

/** What the home page and the results page's change-search popup give either quote form. */
export type QuoteFormProps<Draft> = {
  /**
   * Starting values, e.g. the saved draft; the form's defaults when left out. A later object
   * with other content is taken in without losing what was typed since.
   */
  initial?: Draft | undefined;
  /** Called once the prices are stored, just before going to /quotationview. */
  onSubmitted?: () => void;
  /** The submit button's text. */
  submitLabel?: string;
  /** Narrow layout for popups. */
  compact?: boolean;
  /** Write the form to its draft as it is typed (default true). */
  autoSave?: boolean;
  pickupPrefill?: PickupPrefill | undefined;
};

/** Applies a picked popular place as the pick-up, once per pick (a new key). */
export function usePickupPrefill(
  prefill: PickupPrefill | undefined,
  apply: (address: string) => void,
): void {
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  const key = prefill?.key;
  useEffect(() => {
    if (prefill) applyRef.current(prefill.address);
    // Only a new pick applies; the address alone may repeat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
