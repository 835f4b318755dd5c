import { BOOKING_MESSAGES } from '../../../domain/messages';
import { pence } from '../../../domain/money';
import type { QuoteDistance } from '../../../contract/quotes';
import type { BookingForm, BookingType, HourlyForm } from '../../../domain/booking-form';
import type { Breakdown } from '../../../domain/pricing-model';
import { HttpError, RequestValidationError } from '../../errors';
import type { QuotesRepository } from '../../repositories/quotes-repository';
import type { PricedJourney } from '../pricing/priced-journey';
import type { QuoteService } from '../pricing/quote-service';
import type { ClientSelection, ParsedForm } from './booking-inputs';
import type { PreparedBooking } from './prepared-booking';

/** What a quote stores as its request (quote-service selectedVehiclePrice). */
interface StoredQuoteRequest {
  bookingType: BookingType;
  form: BookingForm | HourlyForm;
  company_id: number;
  vehicle_id: number;
  vehicle_count: number;
}

type PricedPart = Pick<
  PreparedBooking,
  | 'bookingType'
  | 'form'
  | 'companyId'
  | 'categoryId'
  | 'vehicleCount'
  | 'quoteId'
  | 'pricePence'
  | 'totalPence'
  | 'breakdown'
  | 'distance'
  | 'pricedJourney'
>;

/** What a booking is priced from: live quotes, the quotes they stored, and now. */
export interface BookingPricingDeps {
  quotes: QuoteService;
  storedQuotes: QuotesRepository;
  clock: () => Date;
}

/**
 * A booking's price, never the client's: a live stored quote's price for the request it was
 * made for, or else the quote service's price for the inputs, under the same rules as the
 * results page.
 */
export function createBookingPricing(deps: BookingPricingDeps) {
  return {
    price: async (sent: ParsedForm, selection: ClientSelection): Promise<PricedPart> =>
      (await fromQuote(deps, sent, selection)) ?? (await fromInputs(deps, sent, selection)),
  };
}

export type BookingPricing = ReturnType<typeof createBookingPricing>;

/** The travel references are typed on the details step, after the quote; they carry no price. */
function withTravelReferences(
  stored: BookingForm | HourlyForm,
  sent: ParsedForm,
): BookingForm | HourlyForm {
  if (sent.bookingType === 'hourly') {
    return { ...stored, pickup_fight_number: sent.form.pickup_fight_number };
  }
  return {
    ...stored,
    pickup_fight_number: sent.form.pickup_fight_number,
    return_fight_number: sent.form.return_fight_number,
  };
}

/** A live quote's price when the client names one; a 409 when it was for something else. */
async function fromQuote(
  deps: BookingPricingDeps,
  sent: ParsedForm,
  selection: ClientSelection,
): Promise<PricedPart | undefined> {
  if (!selection.quoteId) return undefined;
  const quote = await deps.storedQuotes.findById(selection.quoteId);
  if (!quote || quote.expiresAt.getTime() <= deps.clock().getTime()) return undefined;
  const request = quote.request as StoredQuoteRequest;
  const disagrees =
    request.bookingType !== sent.bookingType ||
    (selection.vehicleId !== undefined && selection.vehicleId !== quote.categoryId) ||
    (selection.companyId !== undefined && selection.companyId !== quote.companyId) ||
    (selection.vehicleCount !== undefined && selection.vehicleCount !== quote.vehicleCount);
  if (disagrees) throw new HttpError(409, BOOKING_MESSAGES.priceChanged);
  const form = withTravelReferences(request.form, sent);
  // The price holds for the quote's lifetime; the pickup must still be far enough ahead.
  await deps.quotes.checkPickupTiming(
    sent.bookingType === 'milleage'
      ? { bookingType: 'milleage', form: form as BookingForm }
      : { bookingType: 'hourly', form: form as HourlyForm },
  );
  return {
    bookingType: sent.bookingType,
    form,
    companyId: quote.companyId,
    categoryId: quote.categoryId,
    vehicleCount: quote.vehicleCount,
    quoteId: quote.id,
    pricePence: pence(quote.pricePence),
    totalPence: pence(quote.finalPence),
    breakdown: quote.breakdown,
    distance: quote.distance as QuoteDistance | null,
    pricedJourney: (quote.pricedJourney ?? null) as PricedJourney | null,
  };
}

/** The quote service's price for the inputs, as the results page would show it now. */
async function fromInputs(
  deps: BookingPricingDeps,
  sent: ParsedForm,
  selection: ClientSelection,
): Promise<PricedPart> {
  // An expired quote still says which vehicle was chosen, when the client did not.
  const expired = selection.quoteId
    ? await deps.storedQuotes.findById(selection.quoteId)
    : undefined;
  const vehicleId = selection.vehicleId ?? expired?.categoryId;
  const companyId = selection.companyId ?? expired?.companyId;
  const vehicleCount = selection.vehicleCount ?? expired?.vehicleCount ?? 1;
  if (vehicleId === undefined || companyId === undefined) {
    throw new RequestValidationError([
      {
        path:
          vehicleId === undefined
            ? 'selectedVehicleData.vehicle_id'
            : 'selectedVehicleData.company_id',
        message: BOOKING_MESSAGES.chooseQuotedVehicle,
      },
    ]);
  }
  const priced = await deps.quotes.priceSelection({
    ...sent,
    vehicleId,
    companyId,
    vehicleCount,
  });
  return {
    bookingType: sent.bookingType,
    form: sent.form,
    companyId,
    categoryId: vehicleId,
    vehicleCount,
    quoteId: null,
    pricePence: priced.offer.price,
    totalPence: priced.offer.finalPrice,
    breakdown: priced.offer.breakdown as Breakdown,
    distance: priced.distance,
    pricedJourney: priced.journey,
  };
}
