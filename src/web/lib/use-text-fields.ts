import {
  useWatch,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';

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

  const set = <K extends FieldPath<V>>(name: K, value: string) => {
    form.setValue(name, value as PathValue<V, K>, { shouldDirty: true });
    if (clearOnChange) form.clearErrors(name);
  };

  /** A control's props: its name, value, error, ref (so focus can move to it) and change. */
  const field = <K extends FieldPath<V>>(name: K) => ({
    name: name as string,
    value: values[name] as string,
    error: form.getFieldState(name, form.formState).error?.message,
    ref: form.register(name).ref,
    onValueChange: (value: string) => set(name, value),
  });

  return { values, field, set };
}
