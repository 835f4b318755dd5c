import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { addDays, todayInLondon } from '../../../../../domain/uk-time';
import { useSettings } from '../../../../api/get-settings';
import { PlainButton } from '../../../../components/plain-button';
import { classNames } from '../../../../lib/class-names';
import { saveBookingDraft, type BookingFormDraft } from '../../state/booking-drafts';
import { ExtraStops } from './extra-stops';
import {
  defaultBookingForm,
  MILEAGE_HOUR_OPTIONS,
  MINUTE_SELECT_OPTIONS,
  PASSENGER_OPTIONS,
} from './form-defaults';
import { SubmitRow } from './form-messages';
import {
  useDraftAutosave,
  usePickupPrefill,
  useResetOnInitial,
  type QuoteFormProps,
} from './form-state';
import { MileageAddress, setAddress } from './mileage-address';
import { isIsoDate, MileageDate, MileageSelect } from './mileage-fields';
import { placeQuoteIssues } from './mileage-issues';
import styles from './quote-form.module.css';
import { QuoteSubmitFeedback } from './quote-submit-feedback';
import { ReturnJourney } from './return-journey';
import { useSubmitQuote } from './use-submit-quote';

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
  initial: given,
  onSubmitted,
  submitLabel = 'Quote',
  compact = false,
  autoSave = true,
  pickupPrefill,
}: MileageFormProps) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const { settings } = useSettings();
  const googleApiKey = settings.GOOGLE_API_KEY;
  const [fallback] = useState(() => given ?? defaultBookingForm());
  const initial = given ?? fallback;
  const form = useForm<BookingFormDraft>({ defaultValues: initial });
  const { control, setValue, getValues } = form;
  const submission = useSubmitQuote({ onSubmitted, saveFormFirst: autoSave });
  const [messages, setMessages] = useState<string[]>([]);
  const [offline, setOffline] = useState(false);
  const addReturnRef = useRef<HTMLButtonElement>(null);
  const returnShown = useWatch({ control, name: 'select_option' }) === 'return';
  // Each address's other end, a hint for which of same-named places is meant.
  const [pickupText, dropoffText, returnPickupText, returnDropoffText] = useWatch({
    control,
    name: ['pickup', 'dropoff', 'return_pickup', 'return_dropoff'],
  });
  const pickupDate = useWatch({ control, name: 'pickup_date' });
  const today = todayInLondon(new Date());

  useResetOnInitial(form, initial);
  useDraftAutosave(form, saveDraft, autoSave);

  const dirty = { shouldDirty: true } as const;

  // A popular place picked on the home page becomes the pick-up.
  usePickupPrefill(pickupPrefill, (address) => setAddress(form, 'pickup', address, null));

  const onPassengers = (value: string, previous: string) => {
    // Return passengers copy the passengers while they are empty or still the copy.
    const current = getValues('return_passengers');
    if (current === '' || current === previous) setValue('return_passengers', value, dirty);
  };

  const addReturn = () => {
    setValue('select_option', 'return', dirty);
    if (!getValues('return_passengers'))
      setValue('return_passengers', getValues('passengers'), dirty);
    const pickupOn = isIsoDate(getValues('pickup_date')) ? getValues('pickup_date') : today;
    if (!isIsoDate(getValues('return_date')) || getValues('return_date') < pickupOn)
      setValue('return_date', addDays(pickupOn, 1), dirty);
    // The first return field takes focus once it is on screen.
    setTimeout(() => form.setFocus('return_pickup'));
  };

  const removeReturn = () => {
    setValue('select_option', 'one_way', dirty);
    setTimeout(() => addReturnRef.current?.focus());
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setMessages([]);
    setOffline(false);
    const outcome = await submission.submit({ bookingType: 'milleage', form: values });
    if (outcome.status === 'invalid') setMessages(placeQuoteIssues(form, outcome.issues, compact));
    if (outcome.status === 'offline') setOffline(true);
  });

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
        <div className={twoColumns}>
          <MileageAddress
            form={form}
            name="pickup"
            label="Pick-Up"
            near={dropoffText}
            googleApiKey={googleApiKey}
          />
          <MileageAddress
            form={form}
            name="dropoff"
            label="Drop-Off"
            near={pickupText}
            googleApiKey={googleApiKey}
          />
        </div>
        {compact ? null : <ExtraStops form={form} googleApiKey={googleApiKey} />}
        <div className={timeColumns}>
          <MileageSelect
            form={form}
            id={fid('passengers')}
            name="passengers"
            label="Passengers"
            options={PASSENGER_OPTIONS}
            onChange={onPassengers}
          />
          <MileageDate
            form={form}
            id={fid('pickup_date')}
            name="pickup_date"
            label="Pick up Date"
            min={today}
          />
          <MileageSelect
            form={form}
            id={fid('pickup_hour')}
            name="pickup_hour"
            label="Hour"
            options={MILEAGE_HOUR_OPTIONS}
          />
          <MileageSelect
            form={form}
            id={fid('pickup_min')}
            name="pickup_min"
            label="Min"
            options={MINUTE_SELECT_OPTIONS}
          />
        </div>
        {returnShown ? (
          <ReturnJourney
            form={form}
            fid={fid}
            googleApiKey={googleApiKey}
            near={{ return_pickup: returnDropoffText, return_dropoff: returnPickupText }}
            minDate={pickupDate || today}
            twoColumns={twoColumns}
            timeColumns={timeColumns}
            onRemove={removeReturn}
          />
        ) : (
          <div>
            <PlainButton ref={addReturnRef} onClick={addReturn}>
              Add Return
            </PlainButton>
          </div>
        )}
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
