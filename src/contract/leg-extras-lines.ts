import type { BookingData, BookingDetails, LegDetails } from './bookings';

/**
 * A leg's passengers and extras as people read them (issue 30), one wording for every place a
 * booking is shown: the console, the passenger's page, the mails, the receipt, the CSV and
 * the corporate area. Each leg of a return trip has its own; neither stands for the other.
 */

/** One line: 'Meet & Greet' — 'Yes'. */
export interface LegExtraLine {
  label: string;
  value: string;
}

const yesNo = (value: 'yes' | 'no') => (value === 'yes' ? 'Yes' : 'No');

/**
 * Every extra of a leg, named as the quote form and the price breakdown name them; with
 * `askedOnly`, only those asked for (a count above 0, a Yes), as a mail or receipt lists them.
 * The passengers come first when the leg carries its own count.
 */
export function legExtrasLines(
  leg: BookingDetails | LegDetails,
  options: { askedOnly?: boolean } = {},
): LegExtraLine[] {
  const lines: (LegExtraLine & { asked: boolean })[] = [
    ...('passengers' in leg
      ? [{ label: 'Passengers', value: String(leg.passengers), asked: true }]
      : []),
    { label: 'Luggage', value: String(leg.luggages), asked: leg.luggages > 0 },
    { label: 'Hand luggage', value: String(leg.hand_luggages), asked: leg.hand_luggages > 0 },
    {
      label: 'Special luggage',
      value: String(leg.special_luggages),
      asked: leg.special_luggages > 0,
    },
    { label: 'Baby seats', value: String(leg.baby_seat), asked: leg.baby_seat > 0 },
    { label: 'Booster seats', value: String(leg.booster_seat), asked: leg.booster_seat > 0 },
    {
      label: 'Meet & Greet',
      value: yesNo(leg.meet_and_greet),
      asked: leg.meet_and_greet === 'yes',
    },
    { label: 'Wheelchair', value: yesNo(leg.wheel_chair), asked: leg.wheel_chair === 'yes' },
    {
      label: 'Waiting time',
      value: `${leg.waiting_minutes} minutes`,
      asked: leg.waiting_minutes > 0,
    },
  ];
  return lines
    .filter((line) => !options.askedOnly || line.asked)
    .map(({ label, value }) => ({ label, value }));
}

/** A leg's extras asked for on one line, 'Passengers: 2; Meet & Greet: Yes', for a CSV cell. */
export function legExtrasText(leg: LegDetails): string {
  return legExtrasLines(leg, { askedOnly: true })
    .map((line) => `${line.label}: ${line.value}`)
    .join('; ');
}

/**
 * Each leg with its title: 'Outward extras' and 'Return extras', each with its passengers; a
 * single leg is 'Extras', its passengers being the booking's (shown with the passenger).
 */
export function legExtrasSections(
  legs: BookingData['legExtras'],
): { title: string; leg: BookingDetails | LegDetails }[] {
  if (!legs.return) {
    const { passengers: _booking, ...extras } = legs.outward;
    return [{ title: 'Extras', leg: extras }];
  }
  return [
    { title: 'Outward extras', leg: legs.outward },
    { title: 'Return extras', leg: legs.return },
  ];
}
