import { useEffect } from 'react';
import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../../../config/routes';
import { AlertDialog } from '../../../../components/alert-dialog';
import { telHref } from '../../../../lib/contact-links';
import type { PriceFailure } from './quote-outcome';

/** Dialog titles exactly as the spec writes them (section 8). */
export const PRICE_FAILURE_TITLES = {
  'same-address': 'Same Address Booking!',
  urgent: 'Urgent Booking!',
  error: 'Error',
} as const satisfies Record<PriceFailure['kind'], string>;

export type PriceErrorDialogProps = {
  failure: PriceFailure;
  /** Company_Contact_Info: the number to call. */
  phone: string;
  /** GRACE_TIME in minutes: how far ahead a pickup must be. */
  graceMinutes: number;
  /** Called once the dialog is on screen. */
  onShown?: () => void;
  onClose: () => void;
};

/** 120 -> '2 hours', 90 -> '1.5 hours', 60 -> '1 hour'. */
export function graceHoursText(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** "please call us on {phone} or use our quotation page", with both as links. */
function ContactUs({ phone, lead }: { phone: string; lead: string }) {
  return (
    <Text>
      {lead}{' '}
      {phone ? (
        <>
          call us on{' '}
          <Link href={telHref(phone)} color="brand.fg" fontWeight="semibold">
            {phone}
          </Link>{' '}
          or{' '}
        </>
      ) : (
        'contact us or '
      )}
      request a quote on our{' '}
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={ROUTES.quoteNow}>quotation page</RouterLink>
      </Link>
      .
    </Text>
  );
}

function Explanation({
  failure,
  phone,
  graceMinutes,
}: Omit<PriceErrorDialogProps, 'onClose' | 'onShown'>) {
  switch (failure.kind) {
    case 'same-address':
      return (
        <>
          <Text mb={3}>
            The pick-up address must be different from the drop-off address, so this journey cannot
            be priced online.
          </Text>
          <ContactUs phone={phone} lead="For a round trip from one place, please" />
        </>
      );
    case 'urgent':
      return (
        <>
          <Text mb={3}>
            {graceMinutes > 0
              ? `Pickups must be booked at least ${graceHoursText(graceMinutes)} ahead.`
              : 'This pickup cannot be booked online.'}
          </Text>
          <ContactUs phone={phone} lead="For this journey, please" />
        </>
      );
    case 'error':
      return <Text>{failure.message}</Text>;
  }
}

/**
 * The price failures of spec section 8 as an alert dialog: 'Same Address Booking!',
 * 'Urgent Booking!' (both followed by the redirect to /quoteView) or 'Error' with the
 * server's text. Loaded on demand, keeping the dialog's code out of the home page's first load.
 */
export function PriceErrorDialog({
  failure,
  phone,
  graceMinutes,
  onShown,
  onClose,
}: PriceErrorDialogProps) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <AlertDialog
      open
      title={PRICE_FAILURE_TITLES[failure.kind]}
      message={
        failure.kind === 'error' ? (
          failure.message
        ) : (
          <Explanation failure={failure} phone={phone} graceMinutes={graceMinutes} />
        )
      }
      onClose={onClose}
    />
  );
}
