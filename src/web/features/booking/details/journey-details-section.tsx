import { Box, Grid, Heading, Text } from '@chakra-ui/react';
import type { TravelReferences } from './travel-references';
import { TravelReferenceField } from './travel-reference-field';

/** The flight or ferry to meet, at pick-up and on the way back, where the journey calls for it. */
export function JourneyDetailsSection({
  headingId,
  idPrefix,
  show,
  refs,
  checked,
  onChange,
}: {
  headingId: string;
  idPrefix: string;
  /** Which references the journey asks for. */
  show: { pickup: boolean; return: boolean };
  refs: TravelReferences;
  /** Next was pressed: each field says what is wrong with it. */
  checked: boolean;
  onChange: (next: TravelReferences) => void;
}) {
  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id={headingId} size="lg" mb={1} color="gray.900">
        Journey Details
      </Heading>
      <Text color="gray.700" fontSize="sm" mb={4}>
        Meet and greet: we track your flight and adjust the driver&apos;s arrival to it.
      </Text>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap={4}>
        {show.pickup ? (
          <TravelReferenceField
            id={`${idPrefix}-pickup-reference`}
            label="Flight Number / Train Station / Sea Port / Ferry Name"
            value={refs.pickup}
            checked={checked}
            onChange={(value) => onChange({ ...refs, pickup: value })}
          />
        ) : null}
        {show.return ? (
          <TravelReferenceField
            id={`${idPrefix}-return-reference`}
            label="Return Flight Number / Train Station / Sea Port / Ferry Name"
            value={refs.return}
            checked={checked}
            onChange={(value) => onChange({ ...refs, return: value })}
          />
        ) : null}
      </Grid>
    </Box>
  );
}
