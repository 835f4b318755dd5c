import { Controller, type UseFormReturn } from 'react-hook-form';
import type { LatLng } from '../../../../../domain/booking-form';
import { AddressCombobox, type AddressOption } from '../../../../components/form/address-combobox';
import type { BookingFormDraft } from '../../state/booking-drafts';
import { AUTO_FILL_MIN_LENGTH } from './form-defaults';

type MileageForm = UseFormReturn<BookingFormDraft>;

export type AddressName = 'pickup' | 'dropoff' | 'return_pickup' | 'return_dropoff';

/** Typing into one address keeps the other leg's matching address in step (spec section 4). */
const FOLLOWERS: Partial<Record<AddressName, AddressName>> = {
  pickup: 'return_dropoff',
  dropoff: 'return_pickup',
};

/** Sets an address as typed or picked, and keeps its follower in step while it follows. */
export function setAddress(
  form: MileageForm,
  name: AddressName,
  text: string,
  location: LatLng | null,
) {
  const { getValues, setValue, clearErrors } = form;
  const dirty = { shouldDirty: true } as const;
  const previous = getValues(name);
  setValue(name, text, dirty);
  setValue(`${name}_location`, location, dirty);
  clearErrors(name);
  const follower = FOLLOWERS[name];
  if (!follower) return;
  const current = getValues(follower);
  // It follows while empty or still holding the copy of the previous text.
  if (current !== '' && current !== previous) return;
  const long = text.trim().length >= AUTO_FILL_MIN_LENGTH;
  setValue(follower, long ? text : '', dirty);
  setValue(`${follower}_location`, long ? location : null, dirty);
}

/** An address field with suggestions; `near` is its other end, a hint for same-named places. */
export function MileageAddress({
  form,
  name,
  label,
  near,
  googleApiKey,
  minChars,
  showPopular,
}: {
  form: MileageForm;
  name: AddressName;
  label: string;
  near: string;
  googleApiKey: string | undefined;
  minChars?: number;
  showPopular?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <AddressCombobox
          label={label}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          googleApiKey={googleApiKey}
          onChange={(text) => setAddress(form, name, text, null)}
          onPick={(option: AddressOption) =>
            setAddress(form, name, option.address, option.location ?? null)
          }
          near={near}
          minChars={minChars}
          showPopular={showPopular}
        />
      )}
    />
  );
}
