import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS } from '../../../../domain/booking-limits';
import { formatMoney, formatPounds, pence, poundsToPence } from '../../../../domain/money';
import { SelectField } from '../../../components/form/select-field';
import { ROUTES } from '../../../config/routes';
import type { OfferCard } from './offers';
import { PriceBreakdown } from './price-breakdown';

/** '1 x Vehicle Selected' … '6 x Vehicle Selected' (spec sections 2 and 9). */
const VEHICLE_COUNT_OPTIONS = Array.from({ length: LIMITS.vehicleCountMax }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1} x Vehicle Selected`,
}));

type VehicleOfferProps = {
  card: OfferCard;
  /** The currency sign the card shows. */
  sign: string;
  isList: boolean;
  tripLabel: string;
  onBook: (card: OfferCard, vehicleCount: number) => void;
  disabled: boolean;
};

/**
 * A card's price and how to take it: the trip, the price (and an estimate for several
 * vehicles), how many vehicles, Book Now (or Contact Us when it has no price) and the breakdown.
 */
export function VehicleOffer({
  card,
  sign,
  isList,
  tripLabel,
  onBook,
  disabled,
}: VehicleOfferProps) {
  const [vehicleCount, setVehicleCount] = useState(1);
  const bookable = card.price > 0;
  // The Lowest Price offer is one vehicle (spec section 7: selectedVehicle is 1 for it).
  const count = card.lowest ? 1 : vehicleCount;

  return (
    <Flex
      direction="column"
      gap={2}
      alignItems={isList ? { base: 'stretch', sm: 'flex-end' } : 'stretch'}
      minW={{ sm: '200px' }}
    >
      <Text
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="wide"
        color="brand.fg"
      >
        {tripLabel}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color="gray.900" lineHeight="short">
        {formatPounds(card.price, sign)}
      </Text>
      {bookable && count > 1 ? (
        <Text fontSize="sm" color="gray.700">
          {/* An estimate to help choose; the server prices the booking on Book Now. */}
          {count} vehicles: {formatMoney(pence(poundsToPence(card.price) * count), sign)}
        </Text>
      ) : null}
      {card.lowest ? (
        <Text fontSize="sm" color="gray.700">
          1 x Vehicle Selected
        </Text>
      ) : (
        <SelectField
          label="Vehicles"
          options={VEHICLE_COUNT_OPTIONS}
          value={String(vehicleCount)}
          disabled={disabled}
          onChange={(event) => setVehicleCount(Number(event.target.value))}
        />
      )}
      {bookable ? (
        <Button
          type="button"
          colorPalette="brand"
          disabled={disabled}
          onClick={() => onBook(card, count)}
        >
          Book Now
        </Button>
      ) : (
        <Button
          asChild
          bg="orange.500"
          color="gray.950"
          _hover={{ bg: 'orange.400' }}
          aria-disabled={disabled || undefined}
        >
          <RouterLink to={ROUTES.quoteNow}>Contact Us</RouterLink>
        </Button>
      )}
      <PriceBreakdown
        breakdown={card.detail.breakdown}
        finalPrice={card.finalPrice}
        currency={sign}
      />
    </Flex>
  );
}
