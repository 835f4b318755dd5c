import { useId, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { LatLng } from '../../../../../domain/booking-form';
import { todayInLondon } from '../../../../../domain/uk-time';
import { useSettings } from '../../../../api/get-settings';
import { saveBookingDraft, type HourlyFormDraft } from '../../state/booking-drafts';
import { MapPinIcon } from '../../../../components/icons';
import { PlainButton } from '../../../../components/plain-button';
import { Spinner } from '../../../../components/spinner';
import { AddressCombobox } from '../../../../components/form/address-combobox';
import {
  errorProps,
  Field,
  NativeSelect,
  Options,
  TextInput,
  type SelectOption,
} from '../../../../components/form/fields';
import {
  defaultHourlyForm,
  DURATION_OPTIONS,
  HOUR_OPTIONS,
  MINUTE_SELECT_OPTIONS,
} from './form-defaults';
import { SubmitRow } from './form-messages';
import {
  useDraftAutosave,
  usePickupPrefill,
  useResetOnInitial,
  type QuoteFormProps,
} from './form-state';
import { classNames } from '../../../../lib/class-names';
import { setFieldIssues } from '../../../../lib/field-issues';
import styles from './quote-form.module.css';
import { QuoteSubmitFeedback } from './quote-submit-feedback';
import { useSubmitQuote } from './use-submit-quote';
import { LocatedPickupNote, usePickupAtPosition } from './located-pickup';

/** 'Search' by default, as the spec names it; compact: fields in two columns at most. */
export type HourlyFormProps = QuoteFormProps<HourlyFormDraft>;

type SelectName = 'pickup_duration' | 'pickup_hour' | 'pickup_min';

const saveDraft = (values: HourlyFormDraft) => saveBookingDraft('HourlyRateForm', values);

const SHOWN_FIELDS = ['pickup', 'pickup_duration', 'pickup_date', 'pickup_hour', 'pickup_min'];

function fieldForPath(path: string): FieldPath<HourlyFormDraft> | undefined {
  const head = path.split('.')[0] ?? '';
  const name = head === 'pickup_location' || head === 'userLocation' ? 'pickup' : head;
  return SHOWN_FIELDS.includes(name) ? (name as FieldPath<HourlyFormDraft>) : undefined;
}

/**
 * The hourly-hire form (spec section 2, Home): Pick-Up with suggestions and the
 * current-location marker, Duration, Pick up Date, Hour, Min and 'Search'.
 */
export function HourlyForm({
  initial: given,
  onSubmitted,
  submitLabel = 'Search',
  compact = false,
  autoSave = true,
  pickupPrefill,
}: HourlyFormProps) {
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const { settings } = useSettings();
  const googleApiKey = settings.GOOGLE_API_KEY;
  const [fallback] = useState(() => given ?? defaultHourlyForm());
  const initial = given ?? fallback;
  const form = useForm<HourlyFormDraft>({ defaultValues: initial });
  const { control, register, setValue, clearErrors, formState } = form;
  const { errors } = formState;
  const submission = useSubmitQuote({ onSubmitted, saveFormFirst: autoSave });
  const [messages, setMessages] = useState<string[]>([]);
  const [offline, setOffline] = useState(false);
  const today = todayInLondon(new Date());

  useResetOnInitial(form, initial);
  useDraftAutosave(form, saveDraft, autoSave);

  const setPickup = (text: string, location: LatLng | null) => {
    setValue('pickup', text, { shouldDirty: true });
    setValue('pickup_location', location, { shouldDirty: true });
    clearErrors('pickup');
  };

  usePickupPrefill(pickupPrefill, (address) => setPickup(address, null));

  // The marker: the visitor's position becomes the pick-up, as the address the server names
  // for it, shown for the passenger to check (located-pickup.tsx).
  const located = usePickupAtPosition((address, point) => {
    setValue('userLocation', { lat: point.lat, lon: point.lng }, { shouldDirty: true });
    setPickup(address, point);
  });

  const select = (name: SelectName, label: string, options: readonly SelectOption[]) => {
    const error = errors[name]?.message;
    return (
      <Field id={fid(name)} label={label} error={error}>
        <NativeSelect
          id={fid(name)}
          {...errorProps(fid(name), error)}
          {...register(name, { onChange: () => clearErrors(name) })}
        >
          <Options options={options} />
        </NativeSelect>
      </Field>
    );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setMessages([]);
    setOffline(false);
    const outcome = await submission.submit({ bookingType: 'hourly', form: values });
    if (outcome.status === 'invalid') {
      const rest = setFieldIssues(form.setError, outcome.issues, { fieldOf: fieldForPath });
      setMessages(rest.map((issue) => issue.message));
    }
    if (outcome.status === 'offline') setOffline(true);
  });

  const dateError = errors.pickup_date?.message;

  // Popups: two columns at most (quote-form.module.css).
  const compactClass = compact && styles.compact;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={submission.prepare}
      aria-busy={submission.isPending}
    >
      <div className={styles.stack}>
        <Controller
          control={control}
          name="pickup"
          render={({ field, fieldState }) => (
            <AddressCombobox
              label="Pick-Up"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              googleApiKey={googleApiKey}
              onChange={(text) => {
                located.dismiss();
                setPickup(text, null);
              }}
              onPick={(option) => {
                located.dismiss();
                setPickup(option.address, option.location ?? null);
              }}
              endElement={
                <PlainButton
                  size="lg"
                  square
                  aria-label="Use my current location"
                  title="Use my current location"
                  disabled={located.busy}
                  onClick={located.locate}
                >
                  {located.busy ? <Spinner /> : <MapPinIcon />}
                </PlainButton>
              }
            />
          )}
        />
        <LocatedPickupNote state={located.state} />
        <div className={classNames(styles.fourColumns, compactClass)}>
          {select('pickup_duration', 'Duration', DURATION_OPTIONS)}
          <Field id={fid('pickup_date')} label="Pick up Date" error={dateError}>
            <TextInput
              id={fid('pickup_date')}
              type="date"
              min={today}
              {...errorProps(fid('pickup_date'), dateError)}
              {...register('pickup_date', { onChange: () => clearErrors('pickup_date') })}
            />
          </Field>
          {select('pickup_hour', 'Hour', HOUR_OPTIONS)}
          {select('pickup_min', 'Min', MINUTE_SELECT_OPTIONS)}
        </div>
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
