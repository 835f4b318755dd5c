import { useId } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../../domain/booking-limits';
import type { BookingFormDraft } from '../../state/booking-drafts';
import { CloseIcon } from '../../../../components/icons';
import { PlainButton } from '../../../../components/plain-button';
import { AddressCombobox } from '../../../../components/form/address-combobox';
import { errorProps, Field, TextInput } from '../../../../components/form/fields';
import { EMPTY_STOP, postcodeIn, STOP_SUGGESTION_LIMIT } from './form-defaults';
import styles from './quote-form.module.css';

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
  const { control, register, setValue, getValues, clearErrors, formState } = form;
  const stops = useFieldArray({ control, name: 'stops' });
  const errorOf = (index: number, field: 'street_name' | 'number' | 'postcode') =>
    formState.errors.stops?.[index]?.[field]?.message;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Extra Stops</legend>
      <div className={styles.stackTight}>
        {stops.fields.map((row, index) => {
          const rowId = `${uid}-stop-${index}`;
          const numberError = errorOf(index, 'number');
          const postcodeError = errorOf(index, 'postcode');
          return (
            <fieldset
              key={row.id}
              className={`${styles.fieldset} ${styles.framed} ${styles.shaded}`}
            >
              <legend className={`${styles.legend} ${styles.floated}`}>Stop {index + 1}</legend>
              <PlainButton
                variant="ghost"
                size="xs"
                className={`${styles.corner} ${styles.stopCorner}`}
                aria-label={`Remove stop ${index + 1}`}
                onClick={() => stops.remove(index)}
              >
                <CloseIcon />
                Remove
              </PlainButton>
              <div className={`${styles.stopFields} ${styles.clear}`}>
                <Controller
                  control={control}
                  name={`stops.${index}.street_name`}
                  render={({ field, fieldState }) => (
                    <AddressCombobox
                      label="Street/Road Name"
                      name={field.name}
                      value={field.value}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      limit={STOP_SUGGESTION_LIMIT}
                      bias="near"
                      showPopular={false}
                      googleApiKey={googleApiKey}
                      onChange={(text) => {
                        setValue(`stops.${index}.street_name`, text, { shouldDirty: true });
                        setValue(`stops.${index}.location`, null, { shouldDirty: true });
                        clearErrors(`stops.${index}.street_name`);
                      }}
                      onPick={(option) => {
                        setValue(`stops.${index}.street_name`, option.address, {
                          shouldDirty: true,
                        });
                        setValue(`stops.${index}.location`, option.location ?? null, {
                          shouldDirty: true,
                        });
                        const postcode = option.postcode || postcodeIn(option.address);
                        if (postcode && !getValues(`stops.${index}.postcode`).trim())
                          setValue(`stops.${index}.postcode`, postcode, { shouldDirty: true });
                        clearErrors(`stops.${index}.street_name`);
                      }}
                    />
                  )}
                />
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
        })}
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
