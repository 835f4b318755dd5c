import type { BookingData } from '../../../contract/bookings';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { LatLng } from '../../../domain/lat-lng';
import type { PricedJourney } from '../pricing/priced-journey';

/**
 * What a booking's messages are rendered from: the booking as POST /booking answers it, the
 * exact pickup instants for the calendar entry, and the operator's contact details.
 */
export interface BookingMailData {
  data: BookingData;
  /** Outward pickup instant (UTC). */
  pickupAt: Date;
  /** Return pickup instant, when there is a return. */
  returnAt: Date | null;
  /**
   * Each job's own status (issue 32), when the caller has them: each leg's calendar event
   * states its job's (a leg cancelled alone stays cancelled in a later copy of both). Without
   * them, every event states the booking's status.
   */
  legStatuses?: Partial<Record<JobLeg, BookingStatus>>;
  /** Estimated minutes of the outward journey (hourly: the hire's length), for the calendar. */
  durationMinutes: number;
  /**
   * The phone of the company that has the job, else Company_Contact_Info; the FROM_EMAIL
   * setting (mail/company-contacts.ts).
   */
  companyPhone: string;
  companyEmail: string;
  /** Where the operator's notices go: the company's email, else companyEmail. */
  operatorEmail?: string;
  /** What the server priced; absent for bookings priced before it was kept. */
  pricedJourney?: PricedJourney | null;
  /** The pickup's map position as stored with the booking (bookings.pickup_lat, pickup_lng). */
  pickupPosition?: LatLng | null;
  /** The passenger's "Manage your booking" link, with its token (issue 22). */
  manageUrl?: string;
}
