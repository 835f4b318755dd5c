import type { UseFormReturn } from 'react-hook-form';
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
import { MileageDate, MileageSelect } from './mileage-fields';
import styles from './quote-form.module.css';

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
}: {
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
}) {
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
