import { returnRoute, stopAddress } from '../../../../../domain/booking-form';
import type { Leg } from '../../../../../domain/leg-extras';
import { formatDuration, kilometresFromMiles } from '../../../../../domain/quote-rules';
import { isExtraOffered, type SettingsMap } from '../../../../../domain/settings';
import { formatDateGB, twelveHourToHhmm } from '../../../../../domain/time';
import type { QuoteDistance } from '../../../../../contract/quotes';
import type { BookingFormDraft, HourlyFormDraft } from '../../state/booking-drafts';

/**
 * What the quote summary panel says, worked out from the saved booking without React, so the
 * rules (rows shown only when priced, kilometres, durations) are plain functions.
 */

export type SummaryRow = { label: string; value: string };

/** '3pm' and '05' as en-GB 24-hour time, '15:05'; text that is not an hour is shown as is. */
export function formatTime24(hour: string, minute: string): string {
  try {
    return twelveHourToHhmm(hour, minute);
  } catch {
    return hour ? `${hour} ${(minute || '00').padStart(2, '0')}` : '';
  }
}

/** '2026-11-21', '3pm', '05' -> '21/11/2026 15:05'. */
export function formatDateTime(date: string, hour: string, minute: string): string {
  return [date ? formatDateGB(date) : '', formatTime24(hour, minute)].filter(Boolean).join(' ');
}

/** '6hour' -> '6 hours'. */
export function formatHourlyDuration(duration: string): string {
  const hours = Number.parseInt(duration, 10);
  if (!Number.isFinite(hours)) return duration;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const MILES = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** '12 km (7.5 miles)': kilometres are miles × 1.60934, rounded (spec section 9). */
export function formatDistance(miles: number): string {
  const unit = miles === 1 ? 'mile' : 'miles';
  return `${kilometresFromMiles(miles)} km (${MILES.format(miles)} ${unit})`;
}

/** The journey rows: distance and duration each way, and the return leg's when it differs. */
export function distanceRows(distance: QuoteDistance | undefined, isReturn: boolean): SummaryRow[] {
  if (!distance) return [];
  const rows: SummaryRow[] = [
    { label: 'Distance', value: `${formatDistance(distance.via_miles)} each way` },
    { label: 'Duration', value: `${formatDuration(distance.duration)} each way` },
  ];
  const returnMiles = distance.return_via_miles;
  const returnMinutes = distance.return_duration;
  const returnDiffers =
    isReturn &&
    ((returnMiles != null && returnMiles !== distance.via_miles) ||
      (returnMinutes != null && returnMinutes !== distance.duration));
  if (returnDiffers) {
    if (returnMiles != null)
      rows.push({ label: 'Return Distance', value: formatDistance(returnMiles) });
    if (returnMinutes != null)
      rows.push({ label: 'Return Duration', value: formatDuration(returnMinutes) });
  }
  return rows;
}

/** The addresses of a mileage booking: From, Via (each stop), To, and the return leg. */
export function routeRows(form: BookingFormDraft): SummaryRow[] {
  const rows: SummaryRow[] = [{ label: 'From', value: form.pickup }];
  form.stops
    .map(stopAddress)
    .filter(Boolean)
    .forEach((address, index, all) =>
      rows.push({ label: all.length > 1 ? `Via (${index + 1})` : 'Via', value: address }),
    );
  rows.push({ label: 'To', value: form.dropoff });
  if (form.select_option === 'return') {
    const back = returnRoute(form);
    rows.push({ label: 'Return From', value: back.return_pickup });
    rows.push({ label: 'Return To', value: back.return_dropoff });
  }
  return rows;
}

/** The Date & Time block of a mileage booking. */
export function mileageDateRows(form: BookingFormDraft): SummaryRow[] {
  const rows: SummaryRow[] = [
    {
      label: 'Pickup Date & Time',
      value: formatDateTime(form.pickup_date, form.pickup_hour, form.pickup_min),
    },
  ];
  if (form.select_option === 'return') {
    rows.push({
      label: 'Return Date & Time',
      value: formatDateTime(form.return_date, form.return_hour, form.return_min),
    });
  }
  return rows;
}

/** The Date & Time block of an hourly booking, with the hire's duration. */
export function hourlyDateRows(form: HourlyFormDraft): SummaryRow[] {
  return [
    {
      label: 'Pickup Date & Time',
      value: formatDateTime(form.pickup_date, form.pickup_hour, form.pickup_min),
    },
    { label: 'Duration', value: formatHourlyDuration(form.pickup_duration) },
  ];
}

/** The folded panel's one line: where from and to, when, and how far (or how long for hire). */
export type FoldedSummary = { route: string; when: string; extent: string };

/** An address's first part ('Gatwick Airport (LGW)' of '…, Crawley RH6 0NP'): the line is short. */
function shortPlace(address: string): string {
  return address.split(',')[0]?.trim() || address;
}

/** A mileage booking folded to one line; a return trip shows both ways in the route. */
export function foldedMileageSummary(
  form: BookingFormDraft,
  distance: QuoteDistance | undefined,
): FoldedSummary {
  const back = form.select_option === 'return' ? ' and back' : '';
  return {
    route: `${shortPlace(form.pickup)} → ${shortPlace(form.dropoff)}${back}`,
    when: formatDateTime(form.pickup_date, form.pickup_hour, form.pickup_min),
    extent: distance ? formatDistance(distance.via_miles) : '',
  };
}

/** An hourly booking folded to one line: the pickup, when, and the hire's length. */
export function foldedHourlySummary(form: HourlyFormDraft): FoldedSummary {
  return {
    route: shortPlace(form.pickup),
    when: formatDateTime(form.pickup_date, form.pickup_hour, form.pickup_min),
    extent: formatHourlyDuration(form.pickup_duration),
  };
}

const count = (text: string) => String(Number.parseInt(text, 10) || 0);
const yesNo = (value: 'yes' | 'no') => (value === 'yes' ? 'Yes' : 'No');

/**
 * The Options rows of one leg in the spec's order. Passengers, Return and Luggage always show;
 * every priced extra only when its setting is above zero. `isReturnTrip` is null for the
 * return leg's own list, which has no Return row.
 */
export function optionRows(
  leg: Leg<string>,
  settings: SettingsMap,
  isReturnTrip: boolean | null,
): SummaryRow[] {
  const rows: (SummaryRow | false)[] = [
    { label: 'Passengers', value: count(leg.passengers) },
    isReturnTrip !== null && { label: 'Return', value: isReturnTrip ? 'Yes' : 'No' },
    isExtraOffered(settings, 'baby_seats') && { label: 'Baby Seat', value: count(leg.baby_seats) },
    isExtraOffered(settings, 'booster_seats') && {
      label: 'Booster Seat',
      value: count(leg.booster_seats),
    },
    { label: 'Luggage', value: count(leg.luggages) },
    isExtraOffered(settings, 'meet_and_greet') && {
      label: 'Meet & Greet',
      value: yesNo(leg.meet_and_greet),
    },
    isExtraOffered(settings, 'wheel_chair') && {
      label: 'Wheelchair',
      value: yesNo(leg.wheel_chair),
    },
    isExtraOffered(settings, 'waiting_min') && {
      label: 'Waiting Time in mins',
      value: count(leg.waiting_min),
    },
    isExtraOffered(settings, 'special_luggage') && {
      label: 'Special Luggage',
      value: count(leg.special_luggage),
    },
  ];
  return rows.filter((row): row is SummaryRow => row !== false);
}
