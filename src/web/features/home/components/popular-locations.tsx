import { Box, chakra, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MapPinIcon } from '../../../components/icons';
import { Section } from '../../../components/section';
import type { AddressSuggestion } from '../../../../domain/fleet';
import { pickPopularPlace, useLatestPopularPick } from '../api/save-popular-pick';

/** How many popular places the section lists. */
export const POPULAR_PLACES_LIMIT = 12;

/** Popular places from /ai-addresses; picking one keeps it for the quote form. */
export function PopularLocations({ places }: { places: readonly AddressSuggestion[] }) {
  const [shownAt] = useState(() => Date.now());
  const picked = useLatestPopularPick(shownAt);
  if (places.length === 0) return null;

  return (
    <Section
      title="Popular Locations"
      intro={<Text>Choose a place to start your quote from it.</Text>}
    >
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap={3}>
        {places.map((place) => {
          const selected = picked?.id === place.id;
          return (
            <li key={place.id}>
              <chakra.button
                type="button"
                aria-pressed={selected}
                onClick={() => void pickPopularPlace(place)}
                w="full"
                h="full"
                display="flex"
                alignItems="center"
                gap={3}
                textAlign="start"
                layerStyle="card"
                bg={selected ? 'brand.subtle' : undefined}
                borderColor={selected ? 'brand.solid' : undefined}
                px={4}
                py={3}
                color="gray.800"
                cursor="pointer"
                _hover={{ borderColor: 'brand.solid', bg: 'brand.subtle' }}
              >
                <Box color="brand.fg" flexShrink={0}>
                  <MapPinIcon />
                </Box>
                <Text as="span">{place.address}</Text>
              </chakra.button>
            </li>
          );
        })}
      </SimpleGrid>
      <Box role="status" aria-live="polite" mt={4} minH="1.5em" color="gray.800">
        {picked ? `${picked.address} is saved for your quote.` : null}
      </Box>
    </Section>
  );
}
