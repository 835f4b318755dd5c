import { Controller, type UseFormReturn } from 'react-hook-form';
import type { LatLng } from '../../../../../domain/booking-form';
import type { HourlyFormDraft } from '../../state/booking-drafts';
import { MapPinIcon } from '../../../../components/icons';
import { PlainButton } from '../../../../components/plain-button';
import { Spinner } from '../../../../components/spinner';
import { AddressCombobox } from '../../../../components/form/address-combobox';
import { LocatedPickupNote, usePickupAtPosition } from './located-pickup';

type HourlyForm = UseFormReturn<HourlyFormDraft>;

/** Sets the pick-up as typed, picked or located, with the coordinates it came with, if any. */
export function setPickup(form: HourlyForm, text: string, location: LatLng | null) {
  form.setValue('pickup', text, { shouldDirty: true });
  form.setValue('pickup_location', location, { shouldDirty: true });
  form.clearErrors('pickup');
}

/**
 * The hourly form's Pick-Up with suggestions and the current-location marker, and the note of
 * what the marker found.
 */
export function HourlyPickup({
  form,
  googleApiKey,
}: {
  form: HourlyForm;
  googleApiKey: string | undefined;
}) {
  // The marker: the visitor's position becomes the pick-up, as the address the server names
  // for it, shown for the passenger to check (located-pickup.tsx).
  const located = usePickupAtPosition((address, point) => {
    form.setValue('userLocation', { lat: point.lat, lon: point.lng }, { shouldDirty: true });
    setPickup(form, address, point);
  });

  return (
    <>
      <Controller
        control={form.control}
        name="pickup"
        render={({ field, fieldState }) => (
          <AddressCombobox
            label="Pick-Up"
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            googleApiKey={googleApiKey}
            onChange={(text) => {
              located.dismiss();
              setPickup(form, text, null);
            }}
            onPick={(option) => {
              located.dismiss();
              setPickup(form, option.address, option.location ?? null);
            }}
            endElement={
              <PlainButton
                size="lg"
                square
                aria-label="Use my current location"
                title="Use my current location"
                disabled={located.busy}
                onClick={located.locate}
              >
                {located.busy ? <Spinner /> : <MapPinIcon />}
              </PlainButton>
            }
          />
        )}
      />
      <LocatedPickupNote state={located.state} />
    </>
  );
}
