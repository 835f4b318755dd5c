import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { PriceDetail } from '../../../../../contract/quotes';
import { formatPounds } from '../../../../../domain/money';

type FittingVehiclesProps = {
  offers: readonly PriceDetail[];
  /** The CURRENCY setting's sign. */
  sign: string;
  disabled: boolean;
  onChoose: (offer: PriceDetail) => void;
};

/** After the chosen vehicle was refused for the new options: the vehicles that carry them. */
export function FittingVehicles({ offers, sign, disabled, onChoose }: FittingVehiclesProps) {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Text id={headingId} fontWeight="semibold" color="gray.900">
        Vehicles that fit these options
      </Text>
      <Flex as="ul" listStyleType="none" direction="column" gap={2} mt={2}>
        {offers.map((offer) => (
          <li key={`${offer.company_id}-${offer.vehicle_id}`}>
            <Button
              type="button"
              size="sm"
              variant="outline"
              width="full"
              justifyContent="space-between"
              disabled={disabled}
              onClick={() => onChoose(offer)}
            >
              <span>
                Choose {offer.vehicle_type}, {offer.company_name}
              </span>
              <span>{formatPounds(offer.price, sign)}</span>
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}
