import { readSession } from '../../features/corporate/lib/session';
import { ManageBookingPage } from '../../features/manage-booking/components/booking-page';

export { LookupPage } from '../../features/manage-booking/components/lookup-page';

/** A signed-in corporate passenger reads their own bookings with their bearer token. */
function corporateToken(): Promise<string | null> {
  return readSession().then(
    (session) => session?.token ?? null,
    () => null,
  );
}

/**
 * /manage-booking/:bookingNumber. The two features meet here, so neither imports the other: with
 * no manage token on this device, the page asks with the corporate sign-in, if there is one.
 */
export function ManageBookingRoute() {
  return <ManageBookingPage corporateToken={corporateToken} />;
}
