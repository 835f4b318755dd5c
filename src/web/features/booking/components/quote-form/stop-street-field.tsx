import { Controller, type UseFormReturn } from 'react-hook-form';
import type { BookingFormDraft } from '../../state/booking-drafts';
import { AddressCombobox } from '../../../../components/form/address-combobox';
import { postcodeIn, STOP_SUGGESTION_LIMIT } from './form-defaults';

type StopStreetFieldProps = {
  form: UseFormReturn<BookingFormDraft>;
  /** The stop's place in the list. */
  index: number;
  googleApiKey: string | undefined;
};

/**
 * A stop's 'Street/Road Name', with at most 5 suggestions biased close to the visitor. A picked
 * suggestion brings its coordinates, and its postcode when the stop has none yet.
 */
export function StopStreetField({ form, index, googleApiKey }: StopStreetFieldProps) {
  const { control, setValue, getValues, clearErrors } = form;
  return (
    <Controller
      control={control}
      name={`stops.${index}.street_name`}
      render={({ field, fieldState }) => (
        <AddressCombobox
          label="Street/Road Name"
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          limit={STOP_SUGGESTION_LIMIT}
          bias="near"
          showPopular={false}
          googleApiKey={googleApiKey}
          onChange={(text) => {
            setValue(`stops.${index}.street_name`, text, { shouldDirty: true });
            setValue(`stops.${index}.location`, null, { shouldDirty: true });
            clearErrors(`stops.${index}.street_name`);
          }}
          onPick={(option) => {
            setValue(`stops.${index}.street_name`, option.address, {
              shouldDirty: true,
            });
            setValue(`stops.${index}.location`, option.location ?? null, {
              shouldDirty: true,
            });
            const postcode = option.postcode || postcodeIn(option.address);
            if (postcode && !getValues(`stops.${index}.postcode`).trim())
              setValue(`stops.${index}.postcode`, postcode, { shouldDirty: true });
            clearErrors(`stops.${index}.street_name`);
          }}
        />
      )}
    />
  );
}
