import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { ValidationIssue } from '../../../../../contract/envelope';
import { todayInLondon } from '../../../../../domain/uk-time';
import { saveBookingDraft, type HourlyFormDraft } from '../../state/booking-drafts';
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
import { usePickupPrefill, type QuoteFormProps } from './form-state';
import { classNames } from '../../../../lib/class-names';
import { setFieldIssues } from '../../../../lib/field-issues';
import styles from './quote-form.module.css';
import { QuoteSubmitFeedback } from './quote-submit-feedback';
import { HourlyPickup, setPickup } from './hourly-pickup';
import { useQuoteForm } from './use-quote-form';

/** 'Search' by default, as the spec names it; compact: fields in two columns at most. */
export type HourlyFormProps = QuoteFormProps<HourlyFormDraft>;

type HourlyForm = UseFormReturn<HourlyFormDraft>;

type SelectName = 'pickup_duration' | 'pickup_hour' | 'pickup_min';

const saveDraft = (values: HourlyFormDraft) => saveBookingDraft('HourlyRateForm', values);

const SHOWN_FIELDS = ['pickup', 'pickup_duration', 'pickup_date', 'pickup_hour', 'pickup_min'];

function fieldForPath(path: string): FieldPath<HourlyFormDraft> | undefined {
  const head = path.split('.')[0] ?? '';
  const name = head === 'pickup_location' || head === 'userLocation' ? 'pickup' : head;
  return SHOWN_FIELDS.includes(name) ? (name as FieldPath<HourlyFormDraft>) : undefined;
}

/** Puts each problem under its field; returns what is left to say beside the button. */
function placeHourlyIssues(form: HourlyForm, issues: readonly ValidationIssue[]): string[] {
  const rest = setFieldIssues(form.setError, issues, { fieldOf: fieldForPath });
  return rest.map((issue) => issue.message);
}

const HOURLY_FORM = {
  defaults: defaultHourlyForm,
  saveDraft,
  request: (form: HourlyFormDraft) => ({ bookingType: 'hourly' as const, form }),
  placeIssues: placeHourlyIssues,
};

/**
 * The hourly-hire form (spec section 2, Home): Pick-Up with suggestions and the
 * current-location marker, Duration, Pick up Date, Hour, Min and 'Search'.
 */
export function HourlyForm({
  submitLabel = 'Search',
  compact = false,
  pickupPrefill,
  ...formProps
}: HourlyFormProps) {
  const { form, fid, googleApiKey, submission, onSubmit, messages, offline } = useQuoteForm(
    formProps,
    HOURLY_FORM,
  );
  const { register, clearErrors, formState } = form;
  const today = todayInLondon(new Date());

  usePickupPrefill(pickupPrefill, (address) => setPickup(form, address, null));

  const select = (name: SelectName, label: string, options: readonly SelectOption[]) => (
    <HourlySelect form={form} id={fid(name)} name={name} label={label} options={options} />
  );
  const dateError = formState.errors.pickup_date?.message;
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
        <HourlyPickup form={form} googleApiKey={googleApiKey} />
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

/** A labelled select of the hourly form; a change clears its problem. */
function HourlySelect({
  form,
  id,
  name,
  label,
  options,
}: {
  form: HourlyForm;
  id: string;
  name: SelectName;
  label: string;
  options: readonly SelectOption[];
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <Field id={id} label={label} error={error}>
      <NativeSelect
        id={id}
        {...errorProps(id, error)}
        {...form.register(name, { onChange: () => form.clearErrors(name) })}
      >
        <Options options={options} />
      </NativeSelect>
    </Field>
  );
}
