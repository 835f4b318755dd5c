import { Box } from '@chakra-ui/react';
import { useState } from 'react';
import { looksLikeFlightNumber } from '../../../../domain/booking-form';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { FieldLabel, TextInput } from '../../../components/form/fields';

/** The server's bound on pickup_fight_number and return_fight_number (domain/booking-form.ts). */
const TRAVEL_REFERENCE_MAX = 40;

type TravelReferenceFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Set once Next was pressed: the hint shows even if the field was never left. */
  checked: boolean;
};

/**
 * Flight number, train station, sea port or ferry name. Something that is not a flight number
 * gets a polite hint once the visitor leaves the field, since it may be a typo; it never blocks
 * Next, because stations and ferries are answers too.
 */
export function TravelReferenceField({
  id,
  label,
  value,
  onChange,
  checked,
}: TravelReferenceFieldProps) {
  const [left, setLeft] = useState(false);
  const hintId = `${id}-hint`;
  const warn = (left || checked) && value.trim() !== '' && !looksLikeFlightNumber(value);
  return (
    <Box minW={0}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <TextInput
        id={id}
        autoComplete="off"
        maxLength={TRAVEL_REFERENCE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setLeft(true)}
        aria-describedby={warn ? hintId : undefined}
      />
      <Box aria-live="polite">
        {warn ? (
          <Box id={hintId} mt={1} fontSize="sm" color="orange.800">
            {BOOKING_MESSAGES.flightNumberWarning}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
