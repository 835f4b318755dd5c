import { lazy } from 'react';
import { companyPhone, graceMinutes } from '../../../../../domain/settings';
import { ChakraScope } from '../../../../components/chakra/chakra-scope';
import { useSettings } from '../../../../api/get-settings';
import { PriceLoadingOverlay } from './price-loading-overlay';
import { loadPriceErrorDialog, type QuoteSubmission } from './use-submit-quote';

const PriceErrorDialog = lazy(() =>
  loadPriceErrorDialog().then((module) => ({ default: module.PriceErrorDialog })),
);

/** What a submit shows over the page: the price-loading cover, then any failure's dialog. */
export function QuoteSubmitFeedback({ submission }: { submission: QuoteSubmission }) {
  const { settings } = useSettings();
  return (
    <>
      {submission.isPending ? <PriceLoadingOverlay /> : null}
      {submission.failure ? (
        <ChakraScope>
          <PriceErrorDialog
            failure={submission.failure}
            phone={companyPhone(settings)}
            graceMinutes={graceMinutes(settings)}
            onShown={submission.shown}
            onClose={submission.dismiss}
          />
        </ChakraScope>
      ) : null}
    </>
  );
}
