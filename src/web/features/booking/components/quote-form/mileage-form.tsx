import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { LatLng } from '../../../../../domain/booking-form';
import { addDays, todayInLondon } from '../../../../../domain/uk-time';
import { useSettings } from '../../../../api/get-settings';
import { saveBookingDraft, type BookingFormDraft } from '../../state/booking-drafts';
import { CloseIcon } from '../../../../components/icons';
import { PlainButton } from '../../../../components/plain-button';
import { AddressCombobox, type AddressOption } from '../../../../components/form/address-combobox';
import { ExtraStops } from './extra-stops';
import {
  errorProps,
  Field,
  NativeSelect,
  Options,
  TextInput,
  type SelectOption,
} from '../../../../components/form/fields';
import {
  AUTO_FILL_MIN_LENGTH,
  CHOOSE_HOUR,
  CHOOSE_MINUTE,
  chooseReturnTime,
  defaultBookingForm,
  MILEAGE_HOUR_OPTIONS,
  MINUTE_SELECT_OPTIONS,
  PASSENGER_OPTIONS,
  RETURN_SEARCH_MIN_LENGTH,
  RETURN_TIME_LABELS,
  type ReturnTimeField,
} from './form-defaults';
import {
  useDraftAutosave,
  usePickupPrefill,
  useResetOnInitial,
  type QuoteFormProps,
} from './form-state';
import { SubmitRow } from './form-messages';
import { classNames } from '../../../../lib/class-names';
import { setFieldIssues } from '../../../../lib/field-issues';
import styles from './quote-form.module.css';
import { QuoteSubmitFeedback } from './quote-submit-feedback';
import { useSubmitQuote } from './use-submit-quote';

/** 'Quote' on the home page, 'Search' in the popup; compact: one column, no Extra Stops. */
export type MileageFormProps = QuoteFormProps<BookingFormDraft>;

type AddressName = 'pickup' | 'dropoff' | 'return_pickup' | 'return_dropoff';

/** Typing into one address keeps the other leg's matching address in step (spec section 4). */
const FOLLOWERS: Partial<Record<AddressName, AddressName>> = {
  pickup: 'return_dropoff',
  dropoff: 'return_pickup',
};

const saveDraft = (values: BookingFormDraft) => saveBookingDraft('BookingForm', values);

/** Which field on screen shows a problem with a request path (server or schema). */
function fieldForPath(path: string, compact: boolean): FieldPath<BookingFormDraft> | undefined {
  const [head, index, leaf] = path.split('.');
  if (head === 'stops') {
    if (compact || index === undefined || !/^\d+$/.test(index)) return undefined;
    const field = leaf === 'location' || leaf === undefined ? 'street_name' : leaf;
    return ['street_name', 'number', 'postcode'].includes(field)
      ? (`stops.${Number(index)}.${field}` as FieldPath<BookingFormDraft>)
      : undefined;
  }
  const name = head?.replace(/_location$/, '');
  const shown = [
    'pickup',
    'dropoff',
    'return_pickup',
    'return_dropoff',
    'passengers',
    'pickup_date',
    'pickup_hour',
    'pickup_min',
    'return_passengers',
    'return_date',
    'return_hour',
    'return_min',
  ];
  return name && shown.includes(name) ? (name as FieldPath<BookingFormDraft>) : undefined;
}

function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text);
}

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
  const { control, register, setValue, getValues, clearErrors, formState } = form;
  const { errors } = formState;
  const submission = useSubmitQuote({ onSubmitted, saveFormFirst: autoSave });
  const [messages, setMessages] = useState<string[]>([]);
  const [offline, setOffline] = useState(false);
  const addReturnRef = useRef<HTMLButtonElement>(null);
  const returnShown = useWatch({ control, name: 'select_option' }) === 'return';
  const [pickupText, dropoffText, returnPickupText, returnDropoffText] = useWatch({
    control,
    name: ['pickup', 'dropoff', 'return_pickup', 'return_dropoff'],
  });
  // Each address's other end, a hint for which of same-named places is meant.
  const otherEnd: Record<AddressName, string> = {
    pickup: dropoffText,
    dropoff: pickupText,
    return_pickup: returnDropoffText,
    return_dropoff: returnPickupText,
  };
  const pickupDate = useWatch({ control, name: 'pickup_date' });
  const today = todayInLondon(new Date());

  useResetOnInitial(form, initial);
  useDraftAutosave(form, saveDraft, autoSave);

  const dirty = { shouldDirty: true } as const;

  /** Sets an address as typed or picked, and keeps its follower in step while it follows. */
  const setAddress = (name: AddressName, text: string, location: LatLng | null) => {
    const previous = getValues(name);
    setValue(name, text, dirty);
    setValue(`${name}_location`, location, dirty);
    clearErrors(name);
    const follower = FOLLOWERS[name];
    if (!follower) return;
    const current = getValues(follower);
    // It follows while empty or still holding the copy of the previous text.
    if (current !== '' && current !== previous) return;
    const long = text.trim().length >= AUTO_FILL_MIN_LENGTH;
    setValue(follower, long ? text : '', dirty);
    setValue(`${follower}_location`, long ? location : null, dirty);
  };

  // A popular place picked on the home page becomes the pick-up.
  usePickupPrefill(pickupPrefill, (address) => setAddress('pickup', address, null));

  const address = (
    name: AddressName,
    label: string,
    options: { minChars?: number; showPopular?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AddressCombobox
          label={label}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          googleApiKey={googleApiKey}
          onChange={(text) => setAddress(name, text, null)}
          onPick={(option: AddressOption) =>
            setAddress(name, option.address, option.location ?? null)
          }
          near={otherEnd[name]}
          {...options}
        />
      )}
    />
  );

  const select = (
    name:
      | 'passengers'
      | 'pickup_hour'
      | 'pickup_min'
      | 'return_passengers'
      | 'return_hour'
      | 'return_min',
    label: string,
    options: readonly SelectOption[],
    onChange?: (value: string, previous: string) => void,
  ) => {
    const error = errors[name]?.message;
    const registration = register(name);
    return (
      <Field id={fid(name)} label={label} error={error}>
        <NativeSelect
          id={fid(name)}
          {...errorProps(fid(name), error)}
          {...registration}
          onChange={(event) => {
            const previous = getValues(name);
            void registration.onChange(event);
            clearErrors(name);
            onChange?.(event.target.value, previous);
          }}
        >
          <Options options={options} />
        </NativeSelect>
      </Field>
    );
  };

  const dateInput = (name: 'pickup_date' | 'return_date', label: string, min: string) => {
    const error = errors[name]?.message;
    return (
      <Field id={fid(name)} label={label} error={error}>
        <TextInput
          id={fid(name)}
          type="date"
          min={min}
          {...errorProps(fid(name), error)}
          {...register(name, {
            onChange: (event: { target: { value: string } }) => {
              clearErrors(name);
              // A new pickup date moves the return to the next day (spec section 4).
              if (name === 'pickup_date' && isIsoDate(event.target.value)) {
                setValue('return_date', addDays(event.target.value, 1), dirty);
                clearErrors('return_date');
              }
            },
          })}
        />
      </Field>
    );
  };

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
    if (outcome.status === 'invalid') {
      const fieldOf = (path: string) => fieldForPath(path, compact);
      const rest = setFieldIssues(form.setError, outcome.issues, { fieldOf }).map((i) => i.message);
      // The return time is far from the button on a phone: say beside it what is missing.
      const missingTime = outcome.issues
        .map((issue) => issue.path)
        .filter((path): path is ReturnTimeField => Object.hasOwn(RETURN_TIME_LABELS, path))
        .filter((path) => getValues(path).trim() === '');
      setMessages(missingTime.length > 0 ? [chooseReturnTime(missingTime), ...rest] : rest);
    }
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
          {address('pickup', 'Pick-Up')}
          {address('dropoff', 'Drop-Off')}
        </div>
        {compact ? null : <ExtraStops form={form} googleApiKey={googleApiKey} />}
        <div className={timeColumns}>
          {select('passengers', 'Passengers', PASSENGER_OPTIONS, onPassengers)}
          {dateInput('pickup_date', 'Pick up Date', today)}
          {select('pickup_hour', 'Hour', MILEAGE_HOUR_OPTIONS)}
          {select('pickup_min', 'Min', MINUTE_SELECT_OPTIONS)}
        </div>
        {returnShown ? (
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
              onClick={removeReturn}
            >
              <CloseIcon />
            </PlainButton>
            <div className={`${styles.stack} ${styles.clear}`}>
              <div className={twoColumns}>
                {address('return_pickup', 'Return Pick-Up', {
                  minChars: RETURN_SEARCH_MIN_LENGTH,
                  showPopular: false,
                })}
                {address('return_dropoff', 'Return Drop-Off', {
                  minChars: RETURN_SEARCH_MIN_LENGTH,
                  showPopular: false,
                })}
              </div>
              <div className={timeColumns}>
                {select('return_passengers', 'Return Passengers', PASSENGER_OPTIONS)}
                {dateInput('return_date', 'Return Date', pickupDate || today)}
                {select('return_hour', RETURN_TIME_LABELS.return_hour, [
                  CHOOSE_HOUR,
                  ...MILEAGE_HOUR_OPTIONS,
                ])}
                {select('return_min', RETURN_TIME_LABELS.return_min, [
                  CHOOSE_MINUTE,
                  ...MINUTE_SELECT_OPTIONS,
                ])}
              </div>
            </div>
          </fieldset>
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
