import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { BookingFormDraft } from '../../state/booking-drafts';
import { MILEAGE_HOUR_OPTIONS, MINUTE_SELECT_OPTIONS, PASSENGER_OPTIONS } from './form-defaults';
import { MileageAddress } from './mileage-address';
import { MileageDate, MileageSelect } from './mileage-fields';

type MileageForm = UseFormReturn<BookingFormDraft>;

/** Pick-Up and Drop-Off, each the other's hint for which of same-named places is meant. */
export function OutwardAddresses({
  form,
  googleApiKey,
  className,
}: {
  form: MileageForm;
  googleApiKey: string | undefined;
  className: string;
}) {
  const [pickupText, dropoffText] = useWatch({
    control: form.control,
    name: ['pickup', 'dropoff'],
  });
  return (
    <div className={className}>
      <MileageAddress
        form={form}
        name="pickup"
        label="Pick-Up"
        near={dropoffText}
        googleApiKey={googleApiKey}
      />
      <MileageAddress
        form={form}
        name="dropoff"
        label="Drop-Off"
        near={pickupText}
        googleApiKey={googleApiKey}
      />
    </div>
  );
}

/** Passengers, Pick up Date, Hour and Min of the outward leg. */
export function OutwardTimes({
  form,
  fid,
  today,
  className,
}: {
  form: MileageForm;
  /** The id of a field's control, unique to this form. */
  fid: (name: string) => string;
  /** The earliest pickup date. */
  today: string;
  className: string;
}) {
  const onPassengers = (value: string, previous: string) => {
    // Return passengers copy the passengers while they are empty or still the copy.
    const current = form.getValues('return_passengers');
    if (current === '' || current === previous)
      form.setValue('return_passengers', value, { shouldDirty: true });
  };

  return (
    <div className={className}>
      <MileageSelect
        form={form}
        id={fid('passengers')}
        name="passengers"
        label="Passengers"
        options={PASSENGER_OPTIONS}
        onChange={onPassengers}
      />
      <MileageDate
        form={form}
        id={fid('pickup_date')}
        name="pickup_date"
        label="Pick up Date"
        min={today}
      />
      <MileageSelect
        form={form}
        id={fid('pickup_hour')}
        name="pickup_hour"
        label="Hour"
        options={MILEAGE_HOUR_OPTIONS}
      />
      <MileageSelect
        form={form}
        id={fid('pickup_min')}
        name="pickup_min"
        label="Min"
        options={MINUTE_SELECT_OPTIONS}
      />
    </div>
  );
}
