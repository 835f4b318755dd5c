import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { vehicleImageUrl } from '../../../../domain/fleet';
import { formatPounds } from '../../../../domain/money';
import type { SelectedVehicleDraft } from '../state/booking-drafts';

type VehicleSummaryProps = {
  selected: SelectedVehicleDraft;
  /** The CURRENCY setting's sign. */
  currency: string;
};

/**
 * The chosen vehicle with the price the server quoted for it and its count (spec: Personal
 * details and Payment pages). The price is the server's final price; no page computes one.
 */
export function SelectedVehicleSummary({ selected, currency }: VehicleSummaryProps) {
  const headingId = useId();
  const { detail } = selected;
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 3, md: 4 }}>
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        Your Vehicle
      </Heading>
      {/* A phone shows a small picture beside the name, so the form below starts on screen. */}
      <Flex gap={{ base: 3, sm: 4 }} flexWrap={{ base: 'wrap', sm: 'nowrap' }} alignItems="center">
        <Box bg="gray.50" rounded="md" p={2} flexShrink={0} w={{ base: '112px', sm: '200px' }}>
          <img
            src={vehicleImageUrl(detail.vehicle_image)}
            alt={detail.vehicle_type}
            width={400}
            height={200}
            decoding="async"
            style={{ width: '100%', height: 'auto', aspectRatio: '2 / 1', objectFit: 'contain' }}
          />
        </Box>
        <Box flex="1" minW={0}>
          <Text fontSize="lg" fontWeight="bold" color="gray.900">
            {detail.vehicle_type}
          </Text>
          <Text color="gray.700">{detail.company_name}</Text>
          <Text color="gray.700" fontSize="sm">
            {selected.vehicle_count} x Vehicle Selected
          </Text>
        </Box>
        <Box
          textAlign={{ sm: 'right' }}
          w={{ base: '100%', sm: 'auto' }}
          display={{ base: 'flex', sm: 'block' }}
          alignItems="baseline"
          justifyContent="space-between"
        >
          <Text fontSize="sm" color="gray.700">
            Total Price
          </Text>
          <Text fontSize="2xl" fontWeight="bold" color="gray.900" lineHeight="short">
            {formatPounds(selected.final_price, currency)}
          </Text>
        </Box>
      </Flex>
    </Box>
  );
}
