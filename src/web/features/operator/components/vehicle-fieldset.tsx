import { Box, Text } from '@chakra-ui/react';
import type { PriceDetail } from '../../../../contract/quotes';
import { formatPounds } from '../lib/format';
import { offerKey } from '../lib/new-booking-form';
import { Fieldset, RadioOption } from './form-fieldset';

/** The vehicles priced for the journey, one to choose, each with its company and price. */
export function VehicleFieldset({
  offers,
  value,
  error,
  onChange,
}: {
  offers: readonly PriceDetail[];
  /** The chosen offer's key ('' for none). */
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Fieldset legend="Vehicle">
      <Box
        role="radiogroup"
        aria-label="Vehicle"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'new-vehicle-error' : undefined}
      >
        {offers.map((offer) => (
          <RadioOption
            key={offerKey(offer)}
            name="vehicle"
            value={offerKey(offer)}
            checked={value === offerKey(offer)}
            onChange={onChange}
          >
            {`${offer.vehicle_type}, ${offer.company_name}, ${formatPounds(offer.final_price)}`}
          </RadioOption>
        ))}
      </Box>
      {error ? (
        <Text id="new-vehicle-error" color="red.700" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}
