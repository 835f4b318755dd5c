import { useState } from 'react';
import {
  useWatch,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';

/** What react-hook-form needs of a controlled control: a way to move focus to it. */
type FocusHandle = { focus: () => void; select: () => void };

/**
 * Binds react-hook-form to our labelled text controls (TextField, TextAreaField), which take a
 * value and report each change. `clearOnChange` drops a field's message as soon as it is typed
 * into; without it the message stays until the next submit checks again.
 */
export function useTextFields<V extends FieldValues>(
  form: UseFormReturn<V>,
  { clearOnChange }: { clearOnChange: boolean },
) {
  const values = useWatch({ control: form.control }) as V;
  // React owns the controls' values, so react-hook-form gets a focus handle, as its Controller
  // does, not the element: given an element, setValue writes into it, which wipes what a number
  // input holds but cannot read (validity.badInput). One handle per element, kept across renders.
  const [handles] = useState(() => new WeakMap<HTMLElement, FocusHandle>());
  const handleOf = (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => {
    let handle = handles.get(element);
    if (!handle) {
      handle = {
        focus: () => element.focus(),
        select: () => (element instanceof HTMLSelectElement ? undefined : element.select()),
      };
      handles.set(element, handle);
    }
    return handle;
  };

  const set = <K extends FieldPath<V>>(name: K, value: string) => {
    form.setValue(name, value as PathValue<V, K>, { shouldDirty: true });
    if (clearOnChange) form.clearErrors(name);
  };

  /** A control's props: its name, value, error, ref (so focus can move to it) and change. */
  const field = <K extends FieldPath<V>>(name: K) => {
    const registration = form.register(name);
    return {
      name: name as string,
      value: values[name] as string,
      error: form.getFieldState(name, form.formState).error?.message,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) =>
        registration.ref(element && handleOf(element)),
      onValueChange: (value: string) => set(name, value),
    };
  };

  return { values, field, set };
}
