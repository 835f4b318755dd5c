import { Box, Button } from '@chakra-ui/react';
import { HOURLY_DURATIONS, LIMITS } from '../../../../domain/booking-limits';
import { CLOCK_HOURS, MINUTE_OPTIONS } from '../../../../domain/time';
import { AddressCombobox } from '../../../components/form/address-combobox';
import { Options, TextField } from '../../../components/form/fields';
import type { PhoneBookingField, PhoneJourneyField } from '../hooks/use-phone-booking';
import type { NewBookingValues } from '../lib/new-booking-form';
import { Fieldset, RadioOption } from './form-fieldset';
import { SelectControlField } from './select-control';

const HOUR_OPTIONS = [
  { value: '', label: 'Hour' },
  ...CLOCK_HOURS.map((hour, h) => ({ value: hour, label: String(h).padStart(2, '0') })),
];
const MINUTE_SELECT = [
  { value: '', label: 'Minute' },
  ...MINUTE_OPTIONS.map((minute) => ({ value: minute, label: minute })),
];
const JOURNEY_KINDS = [
  { kind: 'milleage', label: 'One way' },
  { kind: 'hourly', label: 'Hourly' },
] as const;

const DURATION_OPTIONS = HOURLY_DURATIONS.map((duration) => ({
  value: duration,
  label: `${Number.parseInt(duration, 10)} hours`,
}));
const PASSENGER_OPTIONS = Array.from({ length: LIMITS.passengersSelectMax }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));
const LUGGAGE_OPTIONS = Array.from({ length: LIMITS.luggageMax + 1 }, (_, i) => ({
  value: String(i),
  label: String(i),
}));

/** An address with the site's own suggestions (the server's gazetteer), as passengers get. */
function AddressField({
  name,
  label,
  journeyField,
}: {
  name: 'pickup' | 'dropoff';
  label: string;
  journeyField: PhoneJourneyField;
}) {
  const { value, error, ref, onValueChange } = journeyField(name);
  return (
    <AddressCombobox
      label={label}
      name={name}
      value={value}
      error={error}
      inputRef={ref}
      onChange={onValueChange}
      onPick={(option) => onValueChange(option.address)}
    />
  );
}

/** When the pickup is, who and what travels, and the flight or train met. */
function PickupDetails({
  field,
  journeyField,
}: {
  field: PhoneBookingField;
  journeyField: PhoneJourneyField;
}) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }} gap={4}>
      <TextField
        id="new-date"
        label="Pickup date"
        type="date"
        {...journeyField('pickup_date')}
        required
      />
      <SelectControlField
        id="new-hour"
        label="Pickup hour"
        {...journeyField('pickup_hour')}
        required
      >
        <Options options={HOUR_OPTIONS} />
      </SelectControlField>
      <SelectControlField
        id="new-minute"
        label="Pickup minute"
        {...journeyField('pickup_min')}
        required
      >
        <Options options={MINUTE_SELECT} />
      </SelectControlField>
      <SelectControlField id="new-passengers" label="Passengers" {...journeyField('passengers')}>
        <Options options={PASSENGER_OPTIONS} />
      </SelectControlField>
      <SelectControlField id="new-luggages" label="Luggage" {...journeyField('luggages')}>
        <Options options={LUGGAGE_OPTIONS} />
      </SelectControlField>
      <TextField
        id="new-flight"
        label="Flight / train number"
        {...field('flight_no')}
        autoComplete="off"
      />
    </Box>
  );
}

/** The journey to price: one way or hourly, where, when and how many, and "Get prices". */
export function JourneyFieldset({
  kind,
  field,
  journeyField,
  pricing,
  onGetPrices,
}: {
  kind: NewBookingValues['kind'];
  field: PhoneBookingField;
  journeyField: PhoneJourneyField;
  pricing: boolean;
  onGetPrices: () => void;
}) {
  return (
    <Fieldset legend="Journey">
      <Box role="radiogroup" aria-label="Journey type" display="flex" gap={6}>
        {JOURNEY_KINDS.map((each) => (
          <RadioOption
            key={each.kind}
            name="kind"
            value={each.kind}
            checked={kind === each.kind}
            onChange={(value) => journeyField('kind').onValueChange(value)}
          >
            {each.label}
          </RadioOption>
        ))}
      </Box>
      <AddressField name="pickup" label="Pickup address" journeyField={journeyField} />
      {kind === 'hourly' ? (
        <SelectControlField id="new-duration" label="Hours" {...journeyField('duration')}>
          <Options options={DURATION_OPTIONS} />
        </SelectControlField>
      ) : (
        <AddressField name="dropoff" label="Drop-off address" journeyField={journeyField} />
      )}
      <PickupDetails field={field} journeyField={journeyField} />
      <Button
        type="button"
        variant="outline"
        colorPalette="brand"
        alignSelf="flex-start"
        loading={pricing}
        onClick={onGetPrices}
      >
        Get prices
      </Button>
    </Fieldset>
  );
}
