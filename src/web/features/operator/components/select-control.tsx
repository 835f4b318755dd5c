import type { ComponentProps, ReactNode, Ref } from 'react';
import { errorProps, Field, NativeSelect } from '../../../components/form/fields';

/**
 * A labelled native select bound like TextField (`{...field(name)}` of use-text-fields), with
 * its own options, some of which may be disabled.
 */
export function SelectControlField({
  id,
  label,
  error,
  value,
  onValueChange,
  ref,
  children,
  ...select
}: Omit<ComponentProps<typeof NativeSelect>, 'id' | 'onChange' | 'value' | 'ref'> & {
  id: string;
  label: string;
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <NativeSelect
        id={id}
        ref={ref}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...select}
        {...errorProps(id, error)}
      >
        {children}
      </NativeSelect>
    </Field>
  );
}
