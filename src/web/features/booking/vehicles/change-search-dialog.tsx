import { Box, Button, Dialog, Portal } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../../components/loading-block';
import { CloseIcon } from '../../../components/icons';
import type { BookingFormDraft, BookingTypeDraft, HourlyFormDraft } from '../state/booking-drafts';

// The quote forms load when the visitor first edits the search, not with the results.
const MileageForm = lazy(() =>
  import('../components/quote-form/mileage-form').then((m) => ({ default: m.MileageForm })),
);
const HourlyForm = lazy(() =>
  import('../components/quote-form/hourly-form').then((m) => ({ default: m.HourlyForm })),
);

type ChangeSearchDialogProps = {
  bookingType: BookingTypeDraft;
  bookingForm?: BookingFormDraft;
  hourlyForm?: HourlyFormDraft;
  /**
   * False while the new search is priced: the popup steps aside (its form stays mounted and
   * keeps what was typed) so the page's loader shows; it comes back if the price fails.
   */
  visible?: boolean;
  /** Closes the popup: after a new price, or when the visitor cancels. */
  onClose: () => void;
};

/**
 * The change-search popup (spec section 2): the quote form of the booking's type, filled with
 * the saved search, whose 'Search' prices it again; the cards then show the new prices. The
 * saved search changes only on Search (no saving as it is typed), so Cancel leaves the quote
 * as it was.
 */
export function ChangeSearchDialog({
  bookingType,
  bookingForm,
  hourlyForm,
  visible = true,
  onClose,
}: ChangeSearchDialogProps) {
  return (
    <Dialog.Root
      open={visible}
      // Stepping aside must not unmount the form: its price call, loader and error dialog
      // live in it (a test caught the form unmounting once the submit code loaded faster).
      unmountOnExit={false}
      lazyMount={false}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header display="flex" alignItems="center" justifyContent="space-between">
              <Dialog.Title>Change your search</Dialog.Title>
              <Dialog.CloseTrigger asChild position="static">
                <Button type="button" variant="ghost" size="sm">
                  <CloseIcon />
                  Cancel
                </Button>
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body>
              <Suspense fallback={<LoadingBlock label="Loading the search form" />}>
                <Box>
                  {bookingType === 'hourly' ? (
                    <HourlyForm
                      initial={hourlyForm}
                      submitLabel="Search"
                      compact
                      autoSave={false}
                      onSubmitted={onClose}
                    />
                  ) : (
                    <MileageForm
                      initial={bookingForm}
                      submitLabel="Search"
                      compact
                      autoSave={false}
                      onSubmitted={onClose}
                    />
                  )}
                </Box>
              </Suspense>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
