import { useState } from 'react';
import { saveBookingDraft, type BookingDrafts } from '../state/booking-drafts';
import { useDebouncedSave } from './use-debounced-save';

/** The flight, train or ferry to meet at pick-up, and on the way back. */
export type TravelReferences = { pickup: string; return: string };

/** Writes the travel references into the form they belong to, keeping the rest of it. */
async function saveTravelReferences(drafts: BookingDrafts, refs: TravelReferences) {
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType;
  if (bookingType === 'hourly') {
    if (drafts.HourlyRateForm) {
      await saveBookingDraft('HourlyRateForm', {
        ...drafts.HourlyRateForm,
        pickup_fight_number: refs.pickup,
      });
    }
  } else if (drafts.BookingForm) {
    await saveBookingDraft('BookingForm', {
      ...drafts.BookingForm,
      pickup_fight_number: refs.pickup,
      return_fight_number: refs.return,
    });
  }
}

/** The travel references as the quote form holds them, saved a moment after each change. */
export function useTravelReferences(drafts: BookingDrafts) {
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType;
  const [refs, setRefs] = useState<TravelReferences>(() => ({
    pickup:
      (bookingType === 'hourly'
        ? drafts.HourlyRateForm?.pickup_fight_number
        : drafts.BookingForm?.pickup_fight_number) ?? '',
    return: drafts.BookingForm?.return_fight_number ?? '',
  }));
  // Merged into the newest form at save time, so an options edit meanwhile is kept.
  const saver = useDebouncedSave((value: TravelReferences) => saveTravelReferences(drafts, value));

  const changeRefs = (next: TravelReferences) => {
    setRefs(next);
    saver.schedule(next);
  };
  return { refs, changeRefs, saver };
}
