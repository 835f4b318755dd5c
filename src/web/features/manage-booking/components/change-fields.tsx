import { Box, chakra, SimpleGrid, Text } from '@chakra-ui/react';
import {
  errorProps,
  Field,
  NativeSelect,
  Options,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import type { useChangeBooking } from '../hooks/use-change-booking';
import { CHANGE_LABELS, countBounds, type CountField, type ExtraField } from '../lib/change-form';

const YES_NO_OPTIONS = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

type FieldOf = ReturnType<typeof useChangeBooking>['field'];

/** A number of people, bags, seats or minutes, within the bounds the server takes. */
function CountInput({ name, field }: { name: CountField; field: FieldOf }) {
  const [min, max] = countBounds(name);
  return (
    <TextField
      id={`change-${name}`}
      label={CHANGE_LABELS[name]}
      {...field(name)}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={name === 'waiting_min' ? 5 : 1}
    />
  );
}

function YesNoSelect({ name, field }: { name: 'meet_and_greet' | 'wheel_chair'; field: FieldOf }) {
  const id = `change-${name}`;
  const { value, error, ref, onValueChange } = field(name);
  return (
    <Field id={id} label={CHANGE_LABELS[name]} error={error}>
      <NativeSelect
        id={id}
        name={name}
        ref={ref}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...errorProps(id, error)}
      >
        <Options options={YES_NO_OPTIONS} />
      </NativeSelect>
    </Field>
  );
}

/** Details saved as typed: the price does not change. */
function ContactFields({ field, locked }: { field: FieldOf; locked: boolean }) {
  return (
    <chakra.fieldset disabled={locked} minW={0} mb={5}>
      <chakra.legend fontWeight="semibold" color="gray.900" mb={1}>
        Contact and travel details
      </chakra.legend>
      <Text fontSize="sm" color="gray.700" mb={3}>
        Saved when you review and confirm your changes; the price does not change.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <TextField
          id="change-passenger_phone"
          label={CHANGE_LABELS.passenger_phone}
          {...field('passenger_phone')}
          type="tel"
          autoComplete="tel"
          maxLength={30}
        />
        <TextField
          id="change-flight_no"
          label={CHANGE_LABELS.flight_no}
          {...field('flight_no')}
          maxLength={40}
        />
      </SimpleGrid>
      <Box mt={4}>
        <TextAreaField
          id="change-additional_info"
          label={CHANGE_LABELS.additional_info}
          {...field('additional_info')}
          rows={3}
          maxLength={500}
        />
      </Box>
    </chakra.fieldset>
  );
}

/** What is priced again: the time, the counts and the extras shown. */
function PricedFields({
  field,
  locked,
  shownExtras,
}: {
  field: FieldOf;
  locked: boolean;
  shownExtras: readonly ExtraField[];
}) {
  const count = (name: CountField) => <CountInput name={name} field={field} />;
  const yesNo = (name: 'meet_and_greet' | 'wheel_chair') => (
    <YesNoSelect name={name} field={field} />
  );
  return (
    <chakra.fieldset disabled={locked} minW={0}>
      <chakra.legend fontWeight="semibold" color="gray.900" mb={1}>
        Time, passengers, luggage and extras
      </chakra.legend>
      <Text fontSize="sm" color="gray.700" mb={3}>
        A change here is priced again; you see the new price before you confirm.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <TextField
          id="change-pick_up_date"
          label={CHANGE_LABELS.pick_up_date}
          {...field('pick_up_date')}
          type="date"
        />
        <TextField
          id="change-pick_up_time"
          label={CHANGE_LABELS.pick_up_time}
          {...field('pick_up_time')}
          type="time"
        />
        {count('passengers')}
        {count('luggages')}
        {count('hand_luggages')}
        {shownExtras.includes('meet_and_greet') ? yesNo('meet_and_greet') : null}
        {shownExtras.includes('baby_seats') ? count('baby_seats') : null}
        {shownExtras.includes('booster_seats') ? count('booster_seats') : null}
        {shownExtras.includes('waiting_min') ? count('waiting_min') : null}
        {shownExtras.includes('special_luggage') ? count('special_luggage') : null}
        {shownExtras.includes('wheel_chair') ? yesNo('wheel_chair') : null}
      </SimpleGrid>
    </chakra.fieldset>
  );
}

/**
 * The change form's two groups: details saved as typed, and what is priced again. Only the
 * extras the booking's vehicle and the settings offer are shown.
 */
export function ChangeFields({
  field,
  locked,
  shownExtras,
}: {
  field: FieldOf;
  /** Offline, under review or leaving for checkout: nothing can be typed. */
  locked: boolean;
  shownExtras: readonly ExtraField[];
}) {
  return (
    <>
      <ContactFields field={field} locked={locked} />
      <PricedFields field={field} locked={locked} shownExtras={shownExtras} />
    </>
  );
}
