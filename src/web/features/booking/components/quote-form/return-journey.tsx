import { useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { addDays } from '../../../../../domain/uk-time';
import { CloseIcon } from '../../../../components/icons';
import { PlainButton } from '../../../../components/plain-button';
import type { BookingFormDraft } from '../../state/booking-drafts';
import {
  CHOOSE_HOUR,
  CHOOSE_MINUTE,
  MILEAGE_HOUR_OPTIONS,
  MINUTE_SELECT_OPTIONS,
  PASSENGER_OPTIONS,
  RETURN_SEARCH_MIN_LENGTH,
  RETURN_TIME_LABELS,
} from './form-defaults';
import { MileageAddress } from './mileage-address';
import { isIsoDate, MileageDate, MileageSelect } from './mileage-fields';
import styles from './quote-form.module.css';

type ReturnJourneyProps = {
  form: UseFormReturn<BookingFormDraft>;
  /** The id of a field's control, unique to this form. */
  fid: (name: string) => string;
  googleApiKey: string | undefined;
  /** Each return address's other end. */
  near: { return_pickup: string; return_dropoff: string };
  /** The earliest return date: the pickup date, or today. */
  minDate: string;
  twoColumns: string;
  timeColumns: string;
  onRemove: () => void;
};

/** The return leg of the mileage form, with a cross back to one way. */
export function ReturnJourney({
  form,
  fid,
  googleApiKey,
  near,
  minDate,
  twoColumns,
  timeColumns,
  onRemove,
}: ReturnJourneyProps) {
  return (
    <fieldset className={`${styles.fieldset} ${styles.framed}`}>
      <legend className={`${styles.legend} ${styles.floated} ${styles.returnLegend}`}>
        Return Journey
      </legend>
      <PlainButton
        variant="ghost"
        size="sm"
        className={styles.corner}
        aria-label="Remove return journey"
        title="Remove return journey"
        onClick={onRemove}
      >
        <CloseIcon />
      </PlainButton>
      <div className={`${styles.stack} ${styles.clear}`}>
        <div className={twoColumns}>
          <MileageAddress
            form={form}
            name="return_pickup"
            label="Return Pick-Up"
            near={near.return_pickup}
            googleApiKey={googleApiKey}
            minChars={RETURN_SEARCH_MIN_LENGTH}
            showPopular={false}
          />
          <MileageAddress
            form={form}
            name="return_dropoff"
            label="Return Drop-Off"
            near={near.return_dropoff}
            googleApiKey={googleApiKey}
            minChars={RETURN_SEARCH_MIN_LENGTH}
            showPopular={false}
          />
        </div>
        <div className={timeColumns}>
          <MileageSelect
            form={form}
            id={fid('return_passengers')}
            name="return_passengers"
            label="Return Passengers"
            options={PASSENGER_OPTIONS}
          />
          <MileageDate
            form={form}
            id={fid('return_date')}
            name="return_date"
            label="Return Date"
            min={minDate}
          />
          <MileageSelect
            form={form}
            id={fid('return_hour')}
            name="return_hour"
            label={RETURN_TIME_LABELS.return_hour}
            options={[CHOOSE_HOUR, ...MILEAGE_HOUR_OPTIONS]}
          />
          <MileageSelect
            form={form}
            id={fid('return_min')}
            name="return_min"
            label={RETURN_TIME_LABELS.return_min}
            options={[CHOOSE_MINUTE, ...MINUTE_SELECT_OPTIONS]}
          />
        </div>
      </div>
    </fieldset>
  );
}

type ReturnLegProps = Omit<ReturnJourneyProps, 'near' | 'minDate' | 'onRemove'> & {
  /** The earliest pickup date. */
  today: string;
};

/**
 * 'Add Return', or the return leg it opens. Opening fills in the return passengers and a return
 * date after the pickup and moves focus to the first return field; the cross goes back to one
 * way and focus back to the button.
 */
export function ReturnLeg({ form, today, ...layout }: ReturnLegProps) {
  const { control, setValue, getValues } = form;
  const addReturnRef = useRef<HTMLButtonElement>(null);
  const returnShown = useWatch({ control, name: 'select_option' }) === 'return';
  // Each return address's other end, a hint for which of same-named places is meant.
  const [returnPickupText, returnDropoffText] = useWatch({
    control,
    name: ['return_pickup', 'return_dropoff'],
  });
  const pickupDate = useWatch({ control, name: 'pickup_date' });
  const dirty = { shouldDirty: true } as const;

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

  return returnShown ? (
    <ReturnJourney
      form={form}
      {...layout}
      near={{ return_pickup: returnDropoffText, return_dropoff: returnPickupText }}
      minDate={pickupDate || today}
      onRemove={removeReturn}
    />
  ) : (
    <div>
      <PlainButton ref={addReturnRef} onClick={addReturn}>
        Add Return
      </PlainButton>
    </div>
  );
}
