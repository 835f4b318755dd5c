import { todayInLondon } from '../../../../../domain/uk-time';
import { classNames } from '../../../../lib/class-names';
import { saveBookingDraft, type BookingFormDraft } from '../../state/booking-drafts';
import { ExtraStops } from './extra-stops';
import { defaultBookingForm } from './form-defaults';
import { SubmitRow } from './form-messages';
import { usePickupPrefill, type QuoteFormProps } from './form-state';
import { setAddress } from './mileage-address';
import { placeQuoteIssues } from './mileage-issues';
import { OutwardAddresses, OutwardTimes } from './outward-fields';
import styles from './quote-form.module.css';
import { QuoteSubmitFeedback } from './quote-submit-feedback';
import { ReturnLeg } from './return-journey';
import { useQuoteForm } from './use-quote-form';

/** 'Quote' on the home page, 'Search' in the popup; compact: one column, no Extra Stops. */
export type MileageFormProps = QuoteFormProps<BookingFormDraft>;

const saveDraft = (values: BookingFormDraft) => saveBookingDraft('BookingForm', values);

/**
 * The mileage quote form (spec section 2, Home): Pick-Up, Drop-Off, Extra Stops, passengers,
 * date and time, 'Add Return' with the return leg and a cross back to one way, and the submit
 * that prices the journey and goes to the results. The home page and the results page's
 * change-search popup both use it.
 */
export function MileageForm({
  submitLabel = 'Quote',
  compact = false,
  pickupPrefill,
  ...formProps
}: MileageFormProps) {
  const { form, fid, googleApiKey, submission, onSubmit, messages, offline } = useQuoteForm(
    formProps,
    {
      defaults: defaultBookingForm,
      saveDraft,
      request: (values) => ({ bookingType: 'milleage', form: values }),
      placeIssues: (current, issues) => placeQuoteIssues(current, issues, compact),
    },
  );
  const today = todayInLondon(new Date());

  // A popular place picked on the home page becomes the pick-up.
  usePickupPrefill(pickupPrefill, (address) => setAddress(form, 'pickup', address, null));

  // Popups: two columns at most (quote-form.module.css).
  const compactClass = compact && styles.compact;
  const twoColumns = classNames(styles.twoColumns, compactClass);
  const timeColumns = classNames(styles.fourColumns, compactClass);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={submission.prepare}
      aria-busy={submission.isPending}
    >
      <div className={styles.stack}>
        <OutwardAddresses form={form} googleApiKey={googleApiKey} className={twoColumns} />
        {compact ? null : <ExtraStops form={form} googleApiKey={googleApiKey} />}
        <OutwardTimes form={form} fid={fid} today={today} className={timeColumns} />
        <ReturnLeg
          form={form}
          fid={fid}
          googleApiKey={googleApiKey}
          today={today}
          twoColumns={twoColumns}
          timeColumns={timeColumns}
        />
        <SubmitRow
          messages={messages}
          offline={offline}
          label={submitLabel}
          busy={submission.isPending}
          compact={compact}
        />
      </div>
      <QuoteSubmitFeedback submission={submission} />
    </form>
  );
}
