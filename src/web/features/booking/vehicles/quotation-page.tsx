import { Box, Button, chakra, Container, Flex, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { currencySign, isEnabled, type SettingsMap } from '../../../../domain/settings';
import { useCalculateSelectedVehiclePrice } from '../api/calculate-selected-vehicle-price';
import { BookingStep } from '../components/booking-step';
import type { SavedOptions } from '../components/quote-summary/edit-options-form';
import { QuotePanel } from '../components/quote-summary/quote-panel';
import {
  selectedVehicleRequest,
  toSelectedVehicleDraft,
} from '../components/quote-summary/selected-vehicle';
import { formatHourlyDuration } from '../components/quote-summary/summary-text';
import { BookingSteps } from '../components/step-bar';
import { ROUTES } from '../../../config/routes';
import {
  saveBookingDraft,
  type BookingDrafts,
  type PriceDetailsDraft,
} from '../state/booking-drafts';
import { requote } from '../api/requote';
import { offerCards, type OfferCard } from './offers';
import { useIsPricing } from '../components/quote-form/use-submit-quote';
import { ChangeSearchDialog } from './change-search-dialog';
import { ErrorDialog } from './error-dialog';
import { EditingOverlay, PriceLoadingOverlay } from './overlays';
import { VehicleCard, type ResultsView } from './vehicle-card';

/** The first cards are painted first on a phone: their images load at once. */
const PRIORITY_CARDS = 2;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function ViewToggle({
  view,
  onChange,
}: {
  view: ResultsView;
  onChange: (view: ResultsView) => void;
}) {
  const option = (value: ResultsView, label: string) => (
    <chakra.button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      px={{ base: 2, md: 3 }}
      minH="40px"
      fontSize="sm"
      fontWeight="semibold"
      bg={view === value ? 'brand.solid' : 'white'}
      color={view === value ? 'brand.contrast' : 'gray.800'}
      borderWidth="1px"
      borderColor="brand.solid"
      cursor="pointer"
      _first={{ roundedLeft: 'md' }}
      _last={{ roundedRight: 'md', borderLeftWidth: 0 }}
    >
      {label}
    </chakra.button>
  );
  return (
    <Flex role="group" aria-label="Results layout">
      {option('list', 'List view')}
      {option('grid', 'Grid view')}
    </Flex>
  );
}

/** The label every card carries: 'Round Trip', 'One Way', or the hire's length. */
function tripLabel(prices: PriceDetailsDraft, drafts: BookingDrafts): string {
  if (prices.bookingType === 'hourly') {
    const duration = drafts.HourlyRateForm?.pickup_duration;
    return duration ? `${formatHourlyDuration(duration)} hire` : 'Hourly hire';
  }
  return drafts.BookingForm?.select_option === 'return' ? 'Round Trip' : 'One Way';
}

type ResultsProps = {
  prices: PriceDetailsDraft;
  drafts: BookingDrafts;
  settings: SettingsMap;
};

function QuotationResults({ prices, drafts, settings }: ResultsProps) {
  const navigate = useNavigate();
  const selectPrice = useCalculateSelectedVehiclePrice();
  const [view, setView] = useState<ResultsView>('list');
  const [editing, setEditing] = useState(false);
  const [requoting, setRequoting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The popup's form prices the new search; it shows its own
  // loader over the page meanwhile, so the popup steps aside rather than cover it.
  const searching = useIsPricing();
  const loadingPrice = selectPrice.isPending || requoting;
  const cards = offerCards(prices.price_details, settings);
  const showRating = isEnabled(settings, 'MULTIPLE_OPERATORS');
  const label = tripLabel(prices, drafts);

  const book = async (card: OfferCard, vehicleCount: number) => {
    const selection = card.lowest ? 'lowest' : 'selection';
    try {
      const response = await selectPrice.mutateAsync(
        selectedVehicleRequest({
          bookingType: prices.bookingType,
          bookingForm: drafts.BookingForm,
          hourlyForm: drafts.HourlyRateForm,
          detail: card.detail,
          selection,
          vehicleCount,
        }),
      );
      await saveBookingDraft('selectedVehicleData', toSelectedVehicleDraft(response, selection));
      void navigate(ROUTES.personalDetails);
    } catch (cause) {
      // The spec only logs price failures here; a Book Now that fails must still say so.
      console.error('Could not price the chosen vehicle', cause);
      setError(errorText(cause));
    }
  };

  // After the extras change, every card is priced again with them.
  const refreshPrices = async (saved: SavedOptions) => {
    setRequoting(true);
    try {
      await requote(saved);
    } catch (cause) {
      console.error('Could not refresh the prices', cause);
    } finally {
      setRequoting(false);
    }
  };

  return (
    <Container maxW="6xl" py={{ base: 4, md: 8 }}>
      <BookingSteps current="vehicle" previousOnPhone={false} />
      <Flex
        position="sticky"
        top={0}
        zIndex="sticky"
        bg="gray.50"
        py={2}
        mb={4}
        gap={{ base: 2, md: 3 }}
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
        borderBottomWidth="1px"
        borderColor="gray.200"
      >
        <Flex alignItems="center" gap={{ base: 2, md: 3 }}>
          <Button asChild variant="outline" size="sm" bg="white">
            <RouterLink to={ROUTES.home}>Back</RouterLink>
          </Button>
          <Heading as="h1" size={{ base: 'lg', md: '2xl' }} color="gray.900">
            Top results
          </Heading>
        </Flex>
        <ViewToggle view={view} onChange={setView} />
      </Flex>

      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(300px, 360px) 1fr' }}
        gap={6}
        alignItems="start"
      >
        <QuotePanel
          settings={settings}
          editing={editing}
          onEditingChange={setEditing}
          showOptions={drafts.selectedVehicleData !== undefined}
          onOptionsSaved={(saved) => void refreshPrices(saved)}
        />
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
                    currency={currencySign(settings)}
                    showRating={showRating}
                    tripLabel={label}
                    onBook={(chosen, count) => void book(chosen, count)}
                    disabled={editing || loadingPrice}
                    priority={index < PRIORITY_CARDS}
                  />
                </li>
              ))}
            </Grid>
          )}
          {editing ? <EditingOverlay /> : null}
        </Box>
      </Grid>

      {editing ? (
        <ChangeSearchDialog
          bookingType={prices.bookingType}
          bookingForm={drafts.BookingForm}
          hourlyForm={drafts.HourlyRateForm}
          visible={!searching}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {loadingPrice ? <PriceLoadingOverlay /> : null}
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Container>
  );
}

/**
 * /quotationview: the priced vehicles of the saved search beside its summary (spec section 2).
 * Everything comes from the booking drafts, so a reload shows the same page; without prices
 * (once the drafts are read) the visitor goes home to ask for a quote.
 */
export function QuotationPage() {
  return (
    <BookingStep step="quotation">
      {(drafts, settings) =>
        drafts.PriceDetails ? (
          <QuotationResults prices={drafts.PriceDetails} drafts={drafts} settings={settings} />
        ) : null
      }
    </BookingStep>
  );
}
