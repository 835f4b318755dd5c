import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../../domain/booking-limits';
import type { BookingFormDraft } from '../../state/booking-drafts';
import { CloseIcon } from '../../../../components/icons';
import { PlainButton } from '../../../../components/plain-button';
import { errorProps, Field, TextInput } from '../../../../components/form/fields';
import { EMPTY_STOP } from './form-defaults';
import styles from './quote-form.module.css';
import { StopStreetField } from './stop-street-field';

type ExtraStopsProps = {
  form: UseFormReturn<BookingFormDraft>;
  googleApiKey: string | undefined;
};

/**
 * The mileage form's 'Extra Stops' (spec section 2): rows of street/road name (with at most 5
 * suggestions, biased close to the visitor), number and city or post code, each with a remove
 * button, in the order they are driven.
 */
export function ExtraStops({ form, googleApiKey }: ExtraStopsProps) {
  const uid = useId();
  const stops = useFieldArray({ control: form.control, name: 'stops' });

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Extra Stops</legend>
      <div className={styles.stackTight}>
        {stops.fields.map((row, index) => (
          <StopRow
            key={row.id}
            form={form}
            index={index}
            rowId={`${uid}-stop-${index}`}
            googleApiKey={googleApiKey}
            onRemove={() => stops.remove(index)}
          />
        ))}
      </div>
      {stops.fields.length < LIMITS.stopsMax ? (
        <PlainButton
          size="sm"
          className={stops.fields.length > 0 ? styles.addStopAfterRows : undefined}
          onClick={() =>
            stops.append(
              { ...EMPTY_STOP },
              { focusName: `stops.${stops.fields.length}.street_name` },
            )
          }
        >
          Add Stop
        </PlainButton>
      ) : null}
    </fieldset>
  );
}

type StopRowProps = ExtraStopsProps & {
  index: number;
  /** Prefix of the row's control ids, unique on the page. */
  rowId: string;
  onRemove: () => void;
};

/** One stop: its street with suggestions, number and city or post code, and its remove button. */
function StopRow({ form, index, rowId, googleApiKey, onRemove }: StopRowProps) {
  const { register, clearErrors, formState } = form;
  const errorOf = (field: 'number' | 'postcode') =>
    formState.errors.stops?.[index]?.[field]?.message;
  const numberError = errorOf('number');
  const postcodeError = errorOf('postcode');
  return (
    <fieldset className={`${styles.fieldset} ${styles.framed} ${styles.shaded}`}>
      <legend className={`${styles.legend} ${styles.floated}`}>Stop {index + 1}</legend>
      <PlainButton
        variant="ghost"
        size="xs"
        className={`${styles.corner} ${styles.stopCorner}`}
        aria-label={`Remove stop ${index + 1}`}
        onClick={onRemove}
      >
        <CloseIcon />
        Remove
      </PlainButton>
      <div className={`${styles.stopFields} ${styles.clear}`}>
        <StopStreetField form={form} index={index} googleApiKey={googleApiKey} />
        <Field id={`${rowId}-number`} label="Number" error={numberError}>
          <TextInput
            id={`${rowId}-number`}
            inputMode="text"
            autoComplete="off"
            {...errorProps(`${rowId}-number`, numberError)}
            {...register(`stops.${index}.number`, {
              onChange: () => clearErrors(`stops.${index}.number`),
            })}
          />
        </Field>
        <div className={styles.fullRow}>
          <Field id={`${rowId}-postcode`} label="City or Post Code" error={postcodeError}>
            <TextInput
              id={`${rowId}-postcode`}
              autoComplete="off"
              {...errorProps(`${rowId}-postcode`, postcodeError)}
              {...register(`stops.${index}.postcode`, {
                onChange: () => clearErrors(`stops.${index}.postcode`),
              })}
            />
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
