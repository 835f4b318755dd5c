import { useBookingDrafts } from '../../features/booking/state/booking-drafts';
import { ForgotPasswordPage } from '../../features/password-reset/components/forgot-password-page';

/** /forgot-password, starting from the email given on the personal details step, if any. */
export function ForgotPasswordRoute() {
  const { drafts } = useBookingDrafts();
  return <ForgotPasswordPage savedEmail={drafts.registrationData?.email} />;
}
