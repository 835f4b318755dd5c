import type { UseFormReturn } from 'react-hook-form';
import { addDays } from '../../../../../domain/uk-time';
import {
  errorProps,
  Field,
  NativeSelect,
  Options,
  TextInput,
  type SelectOption,
} from '../../../../components/form/fields';
import type { BookingFormDraft } from '../../state/booking-drafts';

type MileageForm = UseFormReturn<BookingFormDraft>;

export type SelectName =
  'passengers' | 'pickup_hour' | 'pickup_min' | 'return_passengers' | 'return_hour' | 'return_min';

export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text);
}

/** A labelled select; `onChange` hears the new value and the one it replaced. */
export function MileageSelect({
  form,
  id,
  name,
  label,
  options,
  onChange,
}: {
  form: MileageForm;
  id: string;
  name: SelectName;
  label: string;
  options: readonly SelectOption[];
  onChange?: (value: string, previous: string) => void;
}) {
  const { register, getValues, clearErrors, formState } = form;
  const error = formState.errors[name]?.message;
  const registration = register(name);
  return (
    <Field id={id} label={label} error={error}>
      <NativeSelect
        id={id}
        {...errorProps(id, error)}
        {...registration}
        onChange={(event) => {
          const previous = getValues(name);
          void registration.onChange(event);
          clearErrors(name);
          onChange?.(event.target.value, previous);
        }}
      >
        <Options options={options} />
      </NativeSelect>
    </Field>
  );
}

/** A date from `min` on; a new pickup date moves the return to the next day (spec section 4). */
export function MileageDate({
  form,
  id,
  name,
  label,
  min,
}: {
  form: MileageForm;
  id: string;
  name: 'pickup_date' | 'return_date';
  label: string;
  min: string;
}) {
  const { register, setValue, clearErrors, formState } = form;
  const error = formState.errors[name]?.message;
  return (
    <Field id={id} label={label} error={error}>
      <TextInput
        id={id}
        type="date"
        min={min}
        {...errorProps(id, error)}
        {...register(name, {
          onChange: (event: { target: { value: string } }) => {
            clearErrors(name);
            if (name === 'pickup_date' && isIsoDate(event.target.value)) {
              setValue('return_date', addDays(event.target.value, 1), { shouldDirty: true });
              clearErrors('return_date');
            }
          },
        })}
      />
    </Field>
  );
}
