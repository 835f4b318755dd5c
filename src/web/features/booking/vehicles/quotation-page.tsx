import { Container, Grid } from '@chakra-ui/react';
import { useState } from 'react';
import { currencySign, isEnabled, type SettingsMap } from '../../../../domain/settings';
import { BookingStep } from '../components/booking-step';
import type { SavedOptions } from '../components/quote-summary/use-save-options';
import { QuotePanel } from '../components/quote-summary/quote-panel';
import { formatHourlyDuration } from '../components/quote-summary/summary-text';
import { BookingSteps } from '../components/step-bar';
import type { BookingDrafts, PriceDetailsDraft } from '../state/booking-drafts';
import { requote } from '../api/requote';
import { offerCards } from './offers';
import { useIsPricing } from '../components/quote-form/use-submit-quote';
import { ChangeSearchDialog } from './change-search-dialog';
import { ErrorDialog } from './error-dialog';
import { OfferList } from './offer-list';
import { PriceLoadingOverlay } from './overlays';
import { ResultsHeader } from './results-header';
import { useBookOffer } from './use-book-offer';
import type { ResultsView } from './vehicle-card';

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
  const offer = useBookOffer(prices, drafts);
  const [view, setView] = useState<ResultsView>('list');
  const [editing, setEditing] = useState(false);
  const [requoting, setRequoting] = useState(false);
  // The popup's form prices the new search; it shows its own
  // loader over the page meanwhile, so the popup steps aside rather than cover it.
  const searching = useIsPricing();
  const loadingPrice = offer.isPending || requoting;

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
      <ResultsHeader view={view} onViewChange={setView} />

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
        <OfferList
          cards={offerCards(prices.price_details, settings)}
          view={view}
          currency={currencySign(settings)}
          showRating={isEnabled(settings, 'MULTIPLE_OPERATORS')}
          tripLabel={tripLabel(prices, drafts)}
          editing={editing}
          loadingPrice={loadingPrice}
          onBook={offer.book}
        />
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
      <ErrorDialog message={offer.error} onClose={offer.dismissError} />
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
