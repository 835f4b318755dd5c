import { useEffect, useRef, useState } from 'react';
import type { CancelResponse } from '../../../../contract/manage-booking';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { usePayAmendment } from '../api/amend-booking';
import { useDownloadReceipt } from '../api/download-receipt';
import type { ManagedBookingView } from '../api/get-managed-booking';
import { refundSentence } from '../lib/format';

const AMEND_CANCELLED_TEXT =
  'Your change was not made: the payment of the difference was cancelled. Your booking is as it was.';

/** Back from the difference's checkout, as the page's address said. */
export type AmendReturn = {
  amendSession: string | null;
  /** Back from the difference's checkout without paying. */
  amendCancelled: boolean;
  onAmendSessionDone: () => void;
};

/**
 * What the passenger does with a loaded booking: finish a paid change, cancel, download the
 * receipt; and what the page says about each.
 */
export function useBookingActions(
  view: ManagedBookingView,
  { amendSession, amendCancelled, onAmendSessionDone }: AmendReturn,
) {
  const { booking, access } = view;
  const bookingNumber = booking.booking_number;
  const online = useOnline();
  const fromDevice = view.source === 'device';
  const offline = !online || fromDevice;
  const [done, setDone] = useState('');
  const [notice, setNotice] = useState(amendCancelled ? AMEND_CANCELLED_TEXT : '');
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const receipt = useDownloadReceipt();
  const { mutate: payDifference } = usePayAmendment();
  // After a change or a cancellation its button may be gone: focus goes to the status line.
  const statusLineRef = useRef<HTMLDivElement>(null);
  const cancelled = useRef(false);
  const paidSession = useRef<string | null>(null);

  // Back from paying a change's difference: the change is made now, once per session.
  useEffect(() => {
    if (!amendSession || offline || paidSession.current === amendSession) return;
    paidSession.current = amendSession;
    payDifference(
      { bookingNumber, access, sessionId: amendSession },
      {
        onSuccess: () => setDone('The difference is paid and your booking has been changed.'),
        onError: (error) =>
          setFailure(
            `Your change could not be made: ${error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE}`,
          ),
        onSettled: onAmendSessionDone,
      },
    );
  }, [amendSession, offline, bookingNumber, access, payDifference, onAmendSessionDone]);

  const afterChange = (text: string) => {
    setFailure(null);
    setNotice('');
    setDone(text);
    statusLineRef.current?.focus();
  };

  const afterCancel = (answer: CancelResponse) => {
    cancelled.current = true;
    setCancelOpen(false);
    afterChange(
      ['Your booking is cancelled.', refundSentence(answer.refund)].filter(Boolean).join(' '),
    );
  };

  const download = async () => {
    setFailure(null);
    try {
      await receipt.mutateAsync({ bookingNumber, access });
    } catch (error) {
      setFailure(
        `The receipt could not be downloaded. ${error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE}`,
      );
    }
  };

  const openCancel = () => {
    cancelled.current = false;
    setCancelOpen(true);
  };
  /** Where focus goes as the cancel dialog closes: the status line once the booking is cancelled. */
  const cancelFinalFocus = () => (cancelled.current ? statusLineRef.current : null);

  return {
    online,
    fromDevice,
    offline,
    done,
    notice,
    failure,
    cancelOpen,
    closeCancel: () => setCancelOpen(false),
    openCancel,
    cancelFinalFocus,
    afterChange,
    afterCancel,
    download,
    downloading: receipt.isPending,
    statusLineRef,
  };
}
