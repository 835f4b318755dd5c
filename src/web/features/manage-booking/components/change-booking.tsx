import { Box, Button, chakra, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { AmendPreview, AmendRequest } from '../../../../contract/manage-booking';
import { POLICY_MESSAGES } from '../../../../domain/booking-policy';
import { useSettings } from '../../../api/get-settings';
import { DetailRows } from '../../../components/detail-rows';
import {
  errorProps,
  Field,
  NativeSelect,
  Options,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { browserWindow } from '../../../lib/checkout-redirect';
import { setFieldIssues } from '../../../lib/field-issues';
import { formatPounds } from '../../../lib/format-uk-moment';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTextFields } from '../../../lib/use-text-fields';
import { useAmendBooking, usePreviewAmendment } from '../api/amend-booking';
import type { ManagedBookingView } from '../api/get-managed-booking';
import {
  CHANGE_LABELS,
  CHANGE_ORDER,
  changedFields,
  changeRows,
  changeSchema,
  changeValuesOf,
  countBounds,
  EXTRA_FIELDS,
  extraShown,
  type ChangeField,
  type ChangeValues,
  type CountField,
} from '../lib/change-form';
import { refundSentence, signedPounds } from '../lib/format';

const YES_NO_OPTIONS = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

/** A reviewed change: the request as previewed, the server's answer, and the key to make it. */
type Review = {
  preview: AmendPreview;
  request: AmendRequest;
  idempotencyKey: string;
  /** What changes, field by field, old → new. */
  changes: { label: string; value: string }[];
};

/** A refusal that the same request will meet again: back to the form to change it. */
function isFinalRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Change booking (issue 22). Contact number, travel reference and additional information are
 * saved as typed; the time, passengers, luggage and extras are priced again. "Review changes"
 * asks the server what the change would cost, with only the changed fields; "Confirm changes"
 * makes it, or sends the passenger to pay the difference first. Nothing typed is lost on an
 * error: the form stays, each field's problem under it.
 */
export function ChangeBooking({
  view,
  disabled,
  onChanged,
}: {
  view: ManagedBookingView;
  /** Offline: the form shows but cannot be sent. */
  disabled: boolean;
  /** A change was made: the page says so. */
  onChanged: (text: string) => void;
}) {
  const { booking, access } = view;
  const bookingNumber = booking.booking_number;
  const { settings } = useSettings();
  const current = useMemo(() => changeValuesOf(booking), [booking]);
  const form = useForm<ChangeValues>({
    defaultValues: current,
    resolver: zodResolver(changeSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const preview = usePreviewAmendment();
  const amend = useAmendBooking();
  const [review, setReview] = useState<Review | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const problemBox = useRef<HTMLDivElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  // Set when the review closes without a change made: its buttons go, focus returns to the form.
  const backToForm = useRef(false);

  // The booking changed under the form (a paid difference, a change made): the form follows it,
  // keeping whatever the passenger has typed since.
  useEffect(() => {
    form.reset(current, { keepDirtyValues: true });
  }, [form, current]);

  const shownExtras = EXTRA_FIELDS.filter((extra) => extraShown(extra, current, settings));
  const shown = new Set<ChangeField>(
    CHANGE_ORDER.filter(
      (name) =>
        !(EXTRA_FIELDS as readonly string[]).includes(name) || shownExtras.includes(name as never),
    ),
  );

  useEffect(() => {
    if (review) reviewHeading.current?.focus();
    else if (backToForm.current) reviewButton.current?.focus();
    backToForm.current = false;
  }, [review]);
  useEffect(() => {
    if (problem) problemBox.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);

  /** A 400's fields go under their fields; anything else is said above the buttons. */
  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.issues.length > 0) {
      const rest = setFieldIssues(form.setError, error.issues, {
        fieldOf: (path) =>
          shown.has(path as ChangeField) ? (path as FieldPath<ChangeValues>) : undefined,
        labels: CHANGE_LABELS,
        order: CHANGE_ORDER,
      });
      setProblem(rest.length > 0 ? rest.map((issue) => issue.message).join(' ') : null);
      return;
    }
    setProblem(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
  };

  const reviewChanges = form.handleSubmit(async (values) => {
    setProblem(null);
    const baseline = { ...current, ...form.formState.defaultValues } as ChangeValues;
    const request = changedFields(baseline, values);
    if (Object.keys(request).length === 0) {
      setProblem(POLICY_MESSAGES.nothingChanged);
      return;
    }
    try {
      const answer = await preview.mutateAsync({ bookingNumber, access, body: request });
      // One key per reviewed change: pressing Confirm twice, or again after a lost answer,
      // makes the change once.
      setReview({
        preview: answer,
        request,
        idempotencyKey: newIdempotencyKey(),
        changes: changeRows(baseline, request),
      });
    } catch (error) {
      showFailure(error);
    }
  });

  const confirm = async () => {
    if (!review || amend.isPending) return;
    setProblem(null);
    try {
      const answer = await amend.mutateAsync({
        bookingNumber,
        access,
        // The price the review showed: the server refuses if the change now costs another.
        body: {
          ...review.request,
          expected_new_total: review.preview.new_total,
          expected_refund: review.preview.refund,
        },
        idempotencyKey: review.idempotencyKey,
      });
      if (answer.checkout) {
        // Nothing has changed yet: the difference is paid first, and the checkout sends the
        // passenger back here with ?amend_session=, where the page finishes the change.
        setLeaving(true);
        browserWindow.assign(answer.checkout.url);
        return;
      }
      form.reset(changeValuesOf(answer.booking));
      setReview(null);
      onChanged(
        ['Your booking has been changed.', refundSentence(answer.refund)].filter(Boolean).join(' '),
      );
    } catch (error) {
      // A lost answer or a server in trouble keeps the review and its key for a safe retry.
      if (isFinalRefusal(error)) {
        backToForm.current = true;
        setReview(null);
      }
      showFailure(error);
    }
  };

  const locked = disabled || review !== null || leaving;
  const count = (name: CountField) => {
    const [min, max] = countBounds(name);
    return (
      <TextField
        id={`change-${name}`}
        label={CHANGE_LABELS[name]}
        {...field(name)}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={name === 'waiting_min' ? 5 : 1}
      />
    );
  };
  const yesNo = (name: 'meet_and_greet' | 'wheel_chair') => {
    const id = `change-${name}`;
    const { value, error, ref, onValueChange } = field(name);
    return (
      <Field id={id} label={CHANGE_LABELS[name]} error={error}>
        <NativeSelect
          id={id}
          name={name}
          ref={ref}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...errorProps(id, error)}
        >
          <Options options={YES_NO_OPTIONS} />
        </NativeSelect>
      </Field>
    );
  };

  return (
    <form noValidate aria-label="Change booking" onSubmit={(event) => void reviewChanges(event)}>
      <chakra.fieldset disabled={locked} minW={0} mb={5}>
        <chakra.legend fontWeight="semibold" color="gray.900" mb={1}>
          Contact and travel details
        </chakra.legend>
        <Text fontSize="sm" color="gray.700" mb={3}>
          Saved when you review and confirm your changes; the price does not change.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <TextField
            id="change-passenger_phone"
            label={CHANGE_LABELS.passenger_phone}
            {...field('passenger_phone')}
            type="tel"
            autoComplete="tel"
            maxLength={30}
          />
          <TextField
            id="change-flight_no"
            label={CHANGE_LABELS.flight_no}
            {...field('flight_no')}
            maxLength={40}
          />
        </SimpleGrid>
        <Box mt={4}>
          <TextAreaField
            id="change-additional_info"
            label={CHANGE_LABELS.additional_info}
            {...field('additional_info')}
            rows={3}
            maxLength={500}
          />
        </Box>
      </chakra.fieldset>

      <chakra.fieldset disabled={locked} minW={0}>
        <chakra.legend fontWeight="semibold" color="gray.900" mb={1}>
          Time, passengers, luggage and extras
        </chakra.legend>
        <Text fontSize="sm" color="gray.700" mb={3}>
          A change here is priced again; you see the new price before you confirm.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <TextField
            id="change-pick_up_date"
            label={CHANGE_LABELS.pick_up_date}
            {...field('pick_up_date')}
            type="date"
          />
          <TextField
            id="change-pick_up_time"
            label={CHANGE_LABELS.pick_up_time}
            {...field('pick_up_time')}
            type="time"
          />
          {count('passengers')}
          {count('luggages')}
          {count('hand_luggages')}
          {shownExtras.includes('meet_and_greet') ? yesNo('meet_and_greet') : null}
          {shownExtras.includes('baby_seats') ? count('baby_seats') : null}
          {shownExtras.includes('booster_seats') ? count('booster_seats') : null}
          {shownExtras.includes('waiting_min') ? count('waiting_min') : null}
          {shownExtras.includes('special_luggage') ? count('special_luggage') : null}
          {shownExtras.includes('wheel_chair') ? yesNo('wheel_chair') : null}
        </SimpleGrid>
      </chakra.fieldset>

      <Box ref={problemBox} role="alert" mt={problem ? 5 : 0}>
        {problem ? (
          <Box
            borderWidth="1px"
            borderColor="red.300"
            bg="red.50"
            color="red.800"
            px={4}
            py={3}
            rounded="md"
          >
            {problem}
          </Box>
        ) : null}
      </Box>

      {review ? (
        <Box
          as="section"
          aria-labelledby="change-review-heading"
          mt={5}
          p={4}
          borderWidth="1px"
          borderColor="brand.200"
          bg="brand.50"
          rounded="md"
        >
          <Heading
            as="h3"
            id="change-review-heading"
            ref={reviewHeading}
            tabIndex={-1}
            size="md"
            mb={3}
            color="gray.900"
          >
            Review your changes
          </Heading>
          <DetailRows labelWidth="9rem" rows={review.changes} />
          <DetailRows
            labelWidth="9rem"
            rows={[
              { label: 'Current price', value: formatPounds(review.preview.old_total) },
              { label: 'New price', value: formatPounds(review.preview.new_total) },
              { label: 'Difference', value: signedPounds(review.preview.difference) },
            ]}
          />
          <Text mt={3} color="gray.900">
            {review.preview.message}
          </Text>
          {review.preview.late_rule ? (
            <Text mt={2} color="gray.800" data-testid="late-change-rule">
              {review.preview.late_rule}
            </Text>
          ) : null}
          {review.preview.needs_review ? (
            <Text mt={2} color="gray.800">
              The operator will check the change: your booking shows as Pending until they do.
            </Text>
          ) : null}
          <Box role="status" aria-live="polite">
            {leaving ? (
              <Text mt={3} color="gray.900">
                Taking you to the secure payment page to pay the difference…
              </Text>
            ) : null}
          </Box>
          <Flex gap={3} mt={4} flexWrap="wrap">
            <Button
              type="button"
              colorPalette="brand"
              disabled={amend.isPending || leaving || disabled}
              onClick={() => void confirm()}
            >
              {amend.isPending ? 'Confirming…' : 'Confirm changes'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={amend.isPending || leaving}
              onClick={() => {
                backToForm.current = true;
                setReview(null);
                setProblem(null);
              }}
            >
              Back
            </Button>
          </Flex>
        </Box>
      ) : (
        <Flex mt={5}>
          <Button
            ref={reviewButton}
            type="submit"
            colorPalette="brand"
            disabled={disabled || preview.isPending}
          >
            {preview.isPending ? 'Checking the price…' : 'Review changes'}
          </Button>
        </Flex>
      )}
    </form>
  );
}
