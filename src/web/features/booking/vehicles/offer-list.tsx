import { Box, Grid, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import type { OfferCard } from './offers';
import { EditingOverlay } from './overlays';
import { VehicleCard, type ResultsView } from './vehicle-card';

/** The first cards are painted first on a phone: their images load at once. */
const PRIORITY_CARDS = 2;

type OfferListProps = {
  cards: readonly OfferCard[];
  view: ResultsView;
  /** The CURRENCY setting. */
  currency: string;
  showRating: boolean;
  /** 'Round Trip', 'One Way', or the hire's length, on every card. */
  tripLabel: string;
  /** The search is being edited: the cards are covered and out of reach. */
  editing: boolean;
  /** A price is being fetched: the cards wait. */
  loadingPrice: boolean;
  onBook: (card: OfferCard, vehicleCount: number) => void;
};

/** The results page's Vehicles: a card per offer, or how to ask for a quote when there is none. */
export function OfferList({
  cards,
  view,
  currency,
  showRating,
  tripLabel,
  editing,
  loadingPrice,
  onBook,
}: OfferListProps) {
  return (
    <Box as="section" aria-label="Vehicles" position="relative" minH="200px">
      {cards.length === 0 ? (
        <Box layerStyle="card" p={6}>
          <Text mb={3} color="gray.800">
            No vehicle is available for this search. Change the search, or ask us for a quote.
          </Text>
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={ROUTES.quoteNow}>Contact Us</RouterLink>
          </Link>
        </Box>
      ) : (
        <Grid
          as="ul"
          listStyleType="none"
          templateColumns={view === 'grid' ? { base: '1fr', md: 'repeat(2, 1fr)' } : '1fr'}
          gap={4}
          inert={editing || undefined}
        >
          {cards.map((card, index) => (
            <li key={card.key}>
              <VehicleCard
                card={card}
                view={view}
                currency={currency}
                showRating={showRating}
                tripLabel={tripLabel}
                onBook={onBook}
                disabled={editing || loadingPrice}
                priority={index < PRIORITY_CARDS}
              />
            </li>
          ))}
        </Grid>
      )}
      {editing ? <EditingOverlay /> : null}
    </Box>
  );
}
