import { useState } from 'react';
import type { PriceDetail } from '../../../../../contract/quotes';
import { ApiError } from '../../../../lib/api-client';
import { calculateDistancePrice } from '../../api/calculate-distance-price';
import { calculateSelectedVehiclePrice } from '../../api/calculate-selected-vehicle-price';
import {
  saveBookingDraft,
  type BookingDrafts,
  type BookingFormDraft,
  type BookingTypeDraft,
  type HourlyFormDraft,
} from '../../state/booking-drafts';
import { bookingFormBody } from '../quote-form/quote-request';
import { withMileageExtras, type EditOptionsValues } from './option-values';
import { selectedVehicleRequest, toSelectedVehicleDraft } from './selected-vehicle';

/** What Save stored: the booking type and its form with the new extras. */
export type SavedOptions = {
  bookingType: BookingTypeDraft;
  bookingForm?: BookingFormDraft;
  hourlyForm?: HourlyFormDraft;
};

/** The booking whose extras the panel edits, as the drafts hold it. */
export type EditedBooking = ReturnType<typeof editedBooking>;

export function editedBooking(drafts: BookingDrafts) {
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType ?? 'milleage';
  const mileageForm = drafts.BookingForm;
  const hourlyForm = drafts.HourlyRateForm;
  return {
    bookingType,
    mileageForm,
    hourlyForm,
    /** The form of the priced search's type. */
    form: bookingType === 'hourly' ? hourlyForm : mileageForm,
    isReturn: bookingType === 'milleage' && mileageForm?.select_option === 'return',
    selected: drafts.selectedVehicleData,
  };
}

/** The booking's form (of its type) with the panel's extras. */
function nextForms(booking: EditedBooking, values: EditOptionsValues) {
  const { bookingType, mileageForm, hourlyForm, isReturn } = booking;
  return {
    nextMileage:
      bookingType === 'milleage' && mileageForm
        ? withMileageExtras(mileageForm, values, isReturn)
        : undefined,
    nextHourly:
      bookingType === 'hourly' && hourlyForm ? { ...hourlyForm, ...values.outward } : undefined,
  };
}

/** Prices `detail` with the panel's extras and, once priced, saves both; what it saved. */
async function priceAndSave(
  booking: EditedBooking,
  values: EditOptionsValues,
  detail: PriceDetail,
): Promise<SavedOptions | undefined> {
  const { bookingType, selected } = booking;
  if (!selected) return undefined;
  const { nextMileage, nextHourly } = nextForms(booking, values);
  const response = await calculateSelectedVehiclePrice(
    selectedVehicleRequest({
      bookingType,
      bookingForm: nextMileage,
      hourlyForm: nextHourly,
      detail,
      selection: selected.selection,
      vehicleCount: selected.vehicle_count,
    }),
  );
  // Saved only once priced: extras the server refuses never reach the booking.
  if (nextMileage) await saveBookingDraft('BookingForm', nextMileage);
  if (nextHourly) await saveBookingDraft('HourlyRateForm', nextHourly);
  await saveBookingDraft(
    'selectedVehicleData',
    toSelectedVehicleDraft(response, selected.selection),
  );
  return { bookingType, bookingForm: nextMileage, hourlyForm: nextHourly };
}

/** The vehicles that carry the new options, for a mileage booking. */
async function offersThatFit(booking: EditedBooking, values: EditOptionsValues) {
  const { nextMileage } = nextForms(booking, values);
  if (!nextMileage) return undefined;
  const { price_details } = await calculateDistancePrice(bookingFormBody(nextMileage));
  return price_details;
}

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * The edit-options panel's Save (spec section 5): it needs the chosen vehicle and the booking
 * form, else does nothing; it prices the vehicle again with the new extras and, once priced,
 * stores them. When the vehicle cannot carry them (a 422), the vehicles that can are offered.
 */
export function useSaveOptions(booking: EditedBooking, onSaved?: (saved: SavedOptions) => void) {
  const [error, setError] = useState<string | null>(null);
  // After a capacity refusal: the vehicles the server prices for the new options, to switch to.
  const [fitting, setFitting] = useState<{ values: EditOptionsValues; offers: PriceDetail[] }>();
  const [switching, setSwitching] = useState(false);

  const priceAndReport = async (values: EditOptionsValues, detail: PriceDetail) => {
    const saved = await priceAndSave(booking, values, detail);
    if (saved) onSaved?.(saved);
  };

  const showFitting = async (values: EditOptionsValues) => {
    try {
      const offers = await offersThatFit(booking, values);
      if (offers) setFitting({ values, offers });
    } catch (cause) {
      // No vehicle at all: the spec's message names what no vehicle meets.
      if (cause instanceof ApiError) setError(cause.message);
    }
  };

  const save = async (values: EditOptionsValues) => {
    if (!booking.selected || !booking.form) return;
    setError(null);
    setFitting(undefined);
    try {
      await priceAndReport(values, booking.selected.detail);
    } catch (cause) {
      console.error('Could not save the options', cause);
      setError(messageOf(cause));
      if (cause instanceof ApiError && cause.status === 422) await showFitting(values);
    }
  };

  const switchTo = async (offer: PriceDetail) => {
    if (!fitting) return;
    setSwitching(true);
    setError(null);
    try {
      await priceAndReport(fitting.values, offer);
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setSwitching(false);
    }
  };

  return { save, switchTo, error, fitting, switching };
}
