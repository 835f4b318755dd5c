import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import type { AmendPreview, AmendRequest } from '../../../../contract/manage-booking';
import type { JobLeg } from '../../../../domain/booking-jobs';
import { POLICY_MESSAGES } from '../../../../domain/booking-policy';
import { useSettings } from '../../../api/get-settings';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { browserWindow } from '../../../lib/checkout-redirect';
import { setFieldIssues } from '../../../lib/field-issues';
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
  EXTRA_FIELDS,
  returnLegChangeable,
  extraShown,
  type ChangeField,
  type ChangeValues,
} from '../lib/change-form';
import { refundSentence } from '../lib/format';

/** A reviewed change: the request as previewed, the server's answer, and the key to make it. */
export type Review = {
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

/** The change form: the leg's values, kept in step with the booking, and the extras it offers. */
function useChangeForm(booking: ManagedBookingView['booking'], leg: JobLeg) {
  const { settings } = useSettings();
  const current = useMemo(() => changeValuesOf(booking, leg), [booking, leg]);
  const form = useForm<ChangeValues>({
    defaultValues: current,
    resolver: zodResolver(changeSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: true });

  // The booking changed under the form (a paid difference, a change made): the form follows it,
  // keeping whatever the passenger has typed since.
  const shownLeg = useRef(leg);
  useEffect(() => {
    // Another leg chosen: its own values, nothing of the other leg's typing carried over.
    form.reset(current, { keepDirtyValues: shownLeg.current === leg });
    shownLeg.current = leg;
  }, [form, current, leg]);

  const shownExtras = EXTRA_FIELDS.filter((extra) => extraShown(extra, current, settings));
  const shown = new Set<ChangeField>(
    CHANGE_ORDER.filter(
      (name) =>
        !(EXTRA_FIELDS as readonly string[]).includes(name) || shownExtras.includes(name as never),
    ),
  );
  return { current, form, field, shownExtras, shown };
}

/** The problem said above the buttons, scrolled into view when it appears. */
function useChangeProblem(setError: UseFormSetError<ChangeValues>, shown: Set<ChangeField>) {
  const [problem, setProblem] = useState<string | null>(null);
  const problemBoxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemBoxRef.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);

  /** A 400's fields go under their fields; anything else is said above the buttons. */
  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.issues.length > 0) {
      const rest = setFieldIssues(setError, error.issues, {
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
  return { problem, setProblem, problemBoxRef, showFailure };
}

/** Focus follows the review: to its heading when it opens, back to "Review changes" when not. */
function useReviewFocus(review: Review | null) {
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const reviewButtonRef = useRef<HTMLButtonElement>(null);
  // Set when the review closes without a change made: its buttons go, focus returns to the form.
  const backToForm = useRef(false);
  useEffect(() => {
    if (review) reviewHeadingRef.current?.focus();
    else if (backToForm.current) reviewButtonRef.current?.focus();
    backToForm.current = false;
  }, [review]);
  /** Call as the review closes with no change made. */
  const focusFormNext = () => {
    backToForm.current = true;
  };
  return { reviewHeadingRef, reviewButtonRef, focusFormNext };
}

/**
 * "Confirm changes": makes the reviewed change at the price the review showed, or sends the
 * passenger to pay the difference first. A refusal for good closes the review; a lost answer
 * keeps it, and its key, for a safe retry.
 */
function useConfirmChange({
  view,
  leg,
  form,
  review,
  setReview,
  problems,
  focusFormNext,
  onChanged,
}: {
  view: ManagedBookingView;
  leg: JobLeg;
  form: UseFormReturn<ChangeValues>;
  review: Review | null;
  setReview: (review: Review | null) => void;
  problems: Pick<ReturnType<typeof useChangeProblem>, 'setProblem' | 'showFailure'>;
  focusFormNext: () => void;
  onChanged: (text: string) => void;
}) {
  const amend = useAmendBooking();
  const [leaving, setLeaving] = useState(false);
  const { setProblem, showFailure } = problems;

  const confirm = async () => {
    if (!review || amend.isPending) return;
    setProblem(null);
    try {
      const answer = await amend.mutateAsync({
        bookingNumber: view.booking.booking_number,
        access: view.access,
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
      form.reset(changeValuesOf(answer.booking, leg));
      setReview(null);
      onChanged(
        ['Your booking has been changed.', refundSentence(answer.refund)].filter(Boolean).join(' '),
      );
    } catch (error) {
      // A lost answer or a server in trouble keeps the review and its key for a safe retry.
      if (isFinalRefusal(error)) {
        focusFormNext();
        setReview(null);
      }
      showFailure(error);
    }
  };

  return { confirm, confirming: amend.isPending, leaving };
}

/**
 * The change booking flow (issue 22): "Review changes" asks the server what the change would
 * cost, with only the changed fields; "Confirm changes" makes it, or sends the passenger to pay
 * the difference first. Nothing typed is lost on an error.
 */
export function useChangeBooking(view: ManagedBookingView, onChanged: (text: string) => void) {
  const { booking, access } = view;
  const bookingNumber = booking.booking_number;
  // Which journey the form changes (issue 32): the outward one unless the passenger chooses.
  const [chosenLeg, setLeg] = useState<JobLeg>('outward');
  const leg: JobLeg = chosenLeg === 'return' && returnLegChangeable(booking) ? 'return' : 'outward';
  const { current, form, field, shownExtras, shown } = useChangeForm(booking, leg);
  const preview = usePreviewAmendment();
  const [review, setReview] = useState<Review | null>(null);
  // Focus moves before the problem scrolls into view, as both can follow one answer.
  const { reviewHeadingRef, reviewButtonRef, focusFormNext } = useReviewFocus(review);
  const problems = useChangeProblem(form.setError, shown);
  const { problem, setProblem, problemBoxRef, showFailure } = problems;
  const { confirm, confirming, leaving } = useConfirmChange({
    view,
    leg,
    form,
    review,
    setReview,
    problems,
    focusFormNext,
    onChanged,
  });

  const reviewChanges = form.handleSubmit(async (values) => {
    setProblem(null);
    const baseline = { ...current, ...form.formState.defaultValues } as ChangeValues;
    const changed = changedFields(baseline, values);
    if (Object.keys(changed).length === 0) {
      setProblem(POLICY_MESSAGES.nothingChanged);
      return;
    }
    const request: AmendRequest = leg === 'return' ? { ...changed, leg: 'return' } : changed;
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

  const back = () => {
    focusFormNext();
    setReview(null);
    setProblem(null);
  };

  const chooseLeg = (next: JobLeg) => {
    if (review) return;
    setProblem(null);
    setLeg(next);
  };

  return {
    leg,
    legs: returnLegChangeable(booking) ? (['outward', 'return'] as const) : null,
    chooseLeg,
    field,
    shownExtras,
    review,
    problem,
    leaving,
    previewing: preview.isPending,
    confirming,
    reviewChanges,
    confirm,
    back,
    reviewHeadingRef,
    reviewButtonRef,
    problemBoxRef,
  };
}
