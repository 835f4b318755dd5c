import { Box, Button, Flex, Heading, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS } from '../../../../domain/booking-limits';
import { vehicleImageUrl } from '../../../../domain/fleet';
import { formatMoney, formatPounds, pence, poundsToPence } from '../../../../domain/money';
import { BagIcon, SuitcaseIcon, UsersIcon } from '../../../components/icons';
import { SelectField } from '../../../components/form/select-field';
import { ROUTES } from '../../../config/routes';
import type { OfferCard } from './offers';
import { PriceBreakdown } from './price-breakdown';
import { StarRating } from './star-rating';

export type ResultsView = 'list' | 'grid';

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 200;

/** '1 x Vehicle Selected' … '6 x Vehicle Selected' (spec sections 2 and 9). */
const VEHICLE_COUNT_OPTIONS = Array.from({ length: LIMITS.vehicleCountMax }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1} x Vehicle Selected`,
}));

type VehicleCardProps = {
  card: OfferCard;
  view: ResultsView;
  /** The CURRENCY setting; list cards always show £ (spec section 9). */
  currency: string;
  /** Ratings show only when several operators are enabled. */
  showRating: boolean;
  /** 'Round Trip', 'One Way', or the hire's hours for hourly bookings. */
  tripLabel: string;
  onBook: (card: OfferCard, vehicleCount: number) => void;
  /** Cards wait while a price is being fetched or the search edited. */
  disabled?: boolean;
  /** The first cards are the largest thing painted: fetch their images at once. */
  priority?: boolean;
};

/** One priced vehicle of one operator on the results page (spec section 2). */
export function VehicleCard({
  card,
  view,
  currency,
  showRating,
  tripLabel,
  onBook,
  disabled = false,
  priority = false,
}: VehicleCardProps) {
  const headingId = useId();
  const [vehicleCount, setVehicleCount] = useState(1);
  const { detail } = card;
  const isList = view === 'list';
  const sign = isList ? '£' : currency || '£';
  const bookable = card.price > 0;
  // The Lowest Price offer is one vehicle (spec section 7: selectedVehicle is 1 for it).
  const count = card.lowest ? 1 : vehicleCount;

  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      layerStyle="card"
      overflow="hidden"
      display="flex"
      flexDirection={isList ? { base: 'column', md: 'row' } : 'column'}
      borderColor={card.lowest ? 'green.600' : undefined}
      borderWidth={card.lowest ? '2px' : undefined}
    >
      <Box
        bg="gray.50"
        display="flex"
        alignItems="center"
        justifyContent="center"
        p={3}
        flexShrink={0}
        w={isList ? { base: '100%', md: '260px' } : '100%'}
      >
        <img
          src={vehicleImageUrl(detail.vehicle_image)}
          alt={detail.vehicle_type}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          style={{
            width: '100%',
            height: 'auto',
            aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}`,
            maxHeight: 240,
            objectFit: 'contain',
          }}
        />
      </Box>
      <Flex
        flex="1"
        p={{ base: 3, md: 4 }}
        gap={4}
        flexDirection={isList ? { base: 'column', sm: 'row' } : 'column'}
        justifyContent="space-between"
      >
        <Box minW={0}>
          {card.lowest ? (
            <Box
              as="span"
              display="inline-block"
              mb={2}
              px={2}
              py={0.5}
              rounded="sm"
              fontSize="xs"
              fontWeight="bold"
              bg="green.700"
              color="white"
            >
              Lowest Price
            </Box>
          ) : null}
          <Heading as="h2" id={headingId} size="lg" color="gray.900">
            {card.lowest ? (
              <>
                <VisuallyHidden>Lowest Price:</VisuallyHidden>{' '}
              </>
            ) : null}
            {detail.vehicle_type}
          </Heading>
          <Text color="gray.700" fontWeight="medium">
            {detail.company_name}
          </Text>
          {showRating ? (
            <Box mt={1}>
              <StarRating rating={detail.rating} />
            </Box>
          ) : null}
          <Box
            as="ul"
            listStyleType="none"
            display="grid"
            gap={1}
            mt={3}
            color="gray.700"
            fontSize="sm"
          >
            <HStack as="li" gap={2}>
              <UsersIcon />
              <span>Up to {detail.max_seat} Passenger</span>
            </HStack>
            <HStack as="li" gap={2}>
              <SuitcaseIcon />
              <span>{detail.luggage} large suitcases</span>
            </HStack>
            <HStack as="li" gap={2}>
              <BagIcon />
              <span>{detail.small_luggage} medium suitcases</span>
            </HStack>
          </Box>
        </Box>
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
            breakdown={detail.breakdown}
            finalPrice={card.finalPrice}
            currency={sign}
          />
        </Flex>
      </Flex>
    </Box>
  );
}
