import { QuoteNowPage } from '../../features/quote-now/components/quote-now-page';
import type { SavedSearch } from '../../features/quote-now/lib/quote-now-form';
import {
  removeBookingDraft,
  useBookingDrafts,
  type BookingDrafts,
} from '../../features/booking/state/booking-drafts';

/** The search Quote Now starts from: the hourly form when that was the last, else the mileage one. */
function lastSearch(drafts: BookingDrafts) {
  if (drafts.BookingType === 'hourly' && drafts.HourlyRateForm) {
    return { key: 'HourlyRateForm', journey: drafts.HourlyRateForm } as const;
  }
  if (drafts.BookingForm) return { key: 'BookingForm', journey: drafts.BookingForm } as const;
  return undefined;
}

/**
 * /quoteView: Quote Now filled from the booking in progress. The two features meet here, so
 * neither imports the other; once the quote has gone, the search it came from is dropped.
 */
export function QuoteNowRoute() {
  const { ready, drafts } = useBookingDrafts();
  const search = lastSearch(drafts);
  const saved: SavedSearch | undefined = ready
    ? { journey: search?.journey, person: drafts.registrationData }
    : undefined;
  const onSent = () => {
    if (!search) return;
    void removeBookingDraft(search.key).catch((error: unknown) =>
      console.error('Could not remove the saved booking form', error),
    );
  };
  return <QuoteNowPage saved={saved} onSent={onSent} />;
}
