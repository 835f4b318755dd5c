import { Link, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { SubmitErrorHandler } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import type { SettingsMap } from '../../../../domain/settings';
import { ROUTES } from '../../../config/routes';
import { useCheckPassengerEmail } from '../api/check-passenger-email';
import {
  saveBookingDraft,
  type BookingDrafts,
  type RegistrationDataDraft,
} from '../state/booking-drafts';
import { INLINE_FIELDS, toRegistrationDraft } from './registration-form';
import { useTravelReferences } from './travel-references';
import { useRegistration } from './use-registration';

/** The spec's redirect delay: 'Email found. Proceeding to payment.' shows this long. */
export const EMAIL_FOUND_REDIRECT_MS = 1000;

/** The dialog's text stays while it closes, so its fade-out never shows an empty box. */
type Dialog = { open: boolean; title: string; message: ReactNode };
type Draft = RegistrationDataDraft;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why the sign-in failed, in the spec's words, and the way out when the password is lost. */
function SignInFailed() {
  return (
    <>
      <Text>{BOOKING_MESSAGES.emailNotFound}</Text>
      <Link asChild color="brand.fg" fontWeight="semibold" display="inline-block" mt={3}>
        <RouterLink to={ROUTES.forgotPassword}>Forgot Password?</RouterLink>
      </Link>
    </>
  );
}

/**
 * The personal details step's state and its Next: the spec's checks, an existing client's
 * sign-in, saving every draft, then on to payment. `idPrefix` names the fields focus moves to.
 */
export function usePersonalDetails(drafts: BookingDrafts, settings: SettingsMap, idPrefix: string) {
  const navigate = useNavigate();
  const checkEmail = useCheckPassengerEmail();
  const registration = useRegistration(drafts, settings);
  const { mode, form } = registration;
  const travel = useTravelReferences(drafts);
  const [dialog, setDialog] = useState<Dialog>({ open: false, title: '', message: '' });
  const showError = (message: string) =>
    setDialog({ open: true, title: BOOKING_MESSAGES.errorTitle, message });
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(() => void navigate(ROUTES.payment), EMAIL_FOUND_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [leaving, navigate]);

  /** The spec's checks fail in an 'Error' dialog; the inline ones put focus on their field. */
  const refused: SubmitErrorHandler<Draft> = (found) => {
    if (found.root?.dialog?.message) return showError(found.root.dialog.message);
    const firstBad = INLINE_FIELDS.find((field) => found[field]);
    if (firstBad) document.getElementById(`${idPrefix}-${firstBad}`)?.focus();
  };

  const proceed = async (data: Draft) => {
    if (mode === 'existing_client') {
      try {
        const answer = await checkEmail.mutateAsync({
          email: data.email.trim(),
          password: data.password,
        });
        if (!answer.success) {
          // The same words for a wrong password and an unknown email: the server cannot tell
          // this page which it was, and nobody else may learn it either.
          setDialog({
            open: true,
            title: BOOKING_MESSAGES.signInFailedTitle,
            message: <SignInFailed />,
          });
          return;
        }
        // The account's own name and mobile, for the payment page's Personal Details.
        if (answer.passenger) data = { ...data, ...answer.passenger };
      } catch (error) {
        showError(`${BOOKING_MESSAGES.emailCheckFailedPrefix}${errorText(error)}`);
        return;
      }
    }

    try {
      await travel.saver.flush();
      // A typed value still waiting to be saved would otherwise land after this save (at the
      // latest when the page unmounts) and drop the account's names.
      await registration.saver.flush();
      await saveBookingDraft('registrationMode', mode);
      await saveBookingDraft('registrationData', toRegistrationDraft(mode, data));
    } catch (error) {
      // The drafts in memory hold the details already; only a reload would lose them.
      console.error('Could not save the personal details', error);
    }
    if (mode === 'existing_client') {
      setStatus(BOOKING_MESSAGES.emailFound);
      setLeaving(true);
    } else {
      void navigate(ROUTES.payment);
    }
  };

  const next = (event: FormEvent) => {
    if (checkEmail.isPending || leaving) return event.preventDefault();
    setSubmitted(true);
    setStatus(null);
    void form.handleSubmit(proceed, refused)(event);
  };

  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  const busy = checkEmail.isPending || leaving;
  return { registration, travel, dialog, closeDialog, submitted, status, busy, next };
}
