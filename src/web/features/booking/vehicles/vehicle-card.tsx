import { Box, Flex, Heading, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { vehicleImageUrl } from '../../../../domain/fleet';
import { BagIcon, SuitcaseIcon, UsersIcon } from '../../../components/icons';
import type { OfferCard } from './offers';
import { StarRating } from './star-rating';
import { VehicleOffer } from './vehicle-offer';

export type ResultsView = 'list' | 'grid';

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 200;

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
  const { detail } = card;
  const isList = view === 'list';

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
        <VehicleFacts card={card} headingId={headingId} showRating={showRating} />
        <VehicleOffer
          card={card}
          sign={isList ? '£' : currency || '£'}
          isList={isList}
          tripLabel={tripLabel}
          onBook={onBook}
          disabled={disabled}
        />
      </Flex>
    </Box>
  );
}

/** The vehicle, its operator, the operator's rating and what the vehicle carries. */
function VehicleFacts({
  card,
  headingId,
  showRating,
}: {
  card: OfferCard;
  /** The card is named by this heading. */
  headingId: string;
  showRating: boolean;
}) {
  const { detail } = card;
  return (
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
  );
}
