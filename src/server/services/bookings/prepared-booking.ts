import type { QuoteDistance } from '../../../contract/quotes';
import type { BookingForm, BookingType, HourlyForm } from '../../../domain/booking-form';
import type { Pence } from '../../../domain/money';
import type { Breakdown } from '../../../domain/pricing-model';
import type { RegistrationMode } from '../../../domain/registration';
import type { PricedJourney } from '../pricing/priced-journey';

/**
 * A booking checked and priced, ready to store: what POST /booking writes at once for pay in
 * car, and what a card checkout session keeps as its `pending` booking until it is paid. Plain
 * JSON, so it survives the round trip through the checkout_sessions row unchanged.
 */
export interface PreparedBooking {
  bookingType: BookingType;
  /** The form the price is for (a stored quote's, or the one sent), with the travel references typed on the details step. */
  form: BookingForm | HourlyForm;
  companyId: number;
  categoryId: number;
  vehicleCount: number;
  /** The stored quote whose price is used, or null when the booking was priced again. */
  quoteId: string | null;
  /** One vehicle, pence. */
  pricePence: Pence;
  /** Every vehicle: what the passenger pays. */
  totalPence: Pence;
  breakdown: Breakdown;
  distance: QuoteDistance | null;
  /**
   * Where each point was placed and the miles priced; null for a quote or checkout stored
   * before bookings kept it.
   */
  pricedJourney: PricedJourney | null;
  account: {
    mode: RegistrationMode;
    /** The signed-in existing client's account. */
    passengerId: number | null;
    /** A new client's account, created with the booking; the password only as its hash. */
    register: {
      email: string;
      firstName: string;
      lastName: string;
      phone: string;
      passwordHash: string;
    } | null;
  };
  /** Who travels: the booker, or the person they book for (passengerDetails 'yes'). */
  passenger: {
    name: string;
    email: string;
    phone: string;
    additionalInfo: string;
    returnAdditionalInfo: string;
    totalPassengers: number;
    /** "Text me about this booking" (issue 35). */
    textsWanted: boolean;
  };
}

/**
 * How a stored booking is paid. `charged`: a real card provider (Stripe) took the money; the
 * local test checkout charges nothing.
 */
export type BookingPayment =
  | { method: 'car' }
  /** An operator's phone booking charged to the customer's account. */
  | { method: 'account' }
  | { method: 'card'; checkoutSessionId: string; paymentId: string; charged: boolean };
