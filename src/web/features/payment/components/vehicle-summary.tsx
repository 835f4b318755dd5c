import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { vehicleImageUrl } from '../../../../domain/fleet';
import { formatMoney, poundsToPence } from '../../../../domain/money';
import type { SelectedVehicleDraft } from '../../../offline/booking-drafts';

/** The chosen vehicle with the server's final price for it (all vehicles, extras included). */
export function VehicleSummary({
  selected,
  currency,
}: {
  selected: SelectedVehicleDraft;
  currency: string;
}) {
  const headingId = useId();
  const { detail } = selected;
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        Your Vehicle
      </Heading>
      <Flex gap={4} alignItems="center" flexWrap="wrap">
        <img
          src={vehicleImageUrl(detail.vehicle_image)}
          alt=""
          width={120}
          height={80}
          style={{ objectFit: 'contain', maxHeight: 80 }}
          loading="lazy"
        />
        <Box flex="1" minW="10rem">
          <Text fontWeight="bold" color="gray.900">
            {detail.vehicle_type}
          </Text>
          <Text color="gray.700">{detail.company_name}</Text>
          <Text color="gray.700">{selected.vehicle_count} x Vehicle Selected</Text>
        </Box>
        <Box textAlign="right">
          <Text fontSize="sm" color="gray.700">
            Total
          </Text>
          <Text fontSize="2xl" fontWeight="bold" color="gray.900" data-testid="final-price">
            {formatMoney(poundsToPence(selected.final_price), currency)}
          </Text>
        </Box>
      </Flex>
    </Box>
  );
}
