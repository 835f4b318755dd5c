import { Box, Heading, HStack, Text } from '@chakra-ui/react';
import { vehicleImageUrl, type Vehicle } from '../../domain/fleet';
import { BagIcon, SuitcaseIcon, UsersIcon } from './icons';

/**
 * Box of every fleet image (the demo images are 400x200). The attributes and the fixed aspect
 * ratio reserve the space before the image arrives, whatever its own shape, so nothing jumps.
 */
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 200;

type FleetCardProps = {
  vehicle: Vehicle;
  /** h3 inside a section with its own h2; h2 directly under a page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** Above the fold on a phone: fetch the image at once, first, rather than lazily. */
  priority?: boolean;
};

/** One fleet category: image, name and what it carries (spec section 2, fleet cards). */
export function FleetCard({ vehicle, headingLevel = 'h3', priority = false }: FleetCardProps) {
  return (
    <Box as="article" layerStyle="card" overflow="hidden" display="flex" flexDirection="column">
      <Box bg="gray.50" display="flex" alignItems="center" justifyContent="center" p={3}>
        <img
          src={vehicleImageUrl(vehicle.vehicle_img)}
          alt={vehicle.category_name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
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
      <Box p={{ base: 3, md: 4 }} flex="1">
        <Heading as={headingLevel} size={{ base: 'md', md: 'lg' }} mb={3} color="gray.900">
          {vehicle.category_name}
        </Heading>
        <Box
          as="ul"
          listStyleType="none"
          display="grid"
          gap={1.5}
          color="gray.700"
          fontSize={{ base: 'sm', md: 'md' }}
        >
          <HStack as="li" gap={2}>
            <UsersIcon />
            <Text as="span">Up to {vehicle.seats} Passenger</Text>
          </HStack>
          <HStack as="li" gap={2}>
            <SuitcaseIcon />
            <Text as="span">{vehicle.luggage} large suitcases</Text>
          </HStack>
          <HStack as="li" gap={2}>
            <BagIcon />
            <Text as="span">{vehicle.hand_luggage} medium suitcases</Text>
          </HStack>
        </Box>
      </Box>
    </Box>
  );
}
