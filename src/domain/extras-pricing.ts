import type { LegExtras } from './leg-extras';
import { pence, poundsToPence, type Pence } from './money';

const NO_PENCE = pence(0);
import type { ExtrasPrices } from './pricing-model';
import type { SettingsMap } from './settings';

/** What a leg's extras cost: the prices from the spec's settings, then the leg's counts. */

const WAITING_BLOCK_MINUTES = 5;

/** A settings value in pounds ('2.5') as pence; anything unusable means the extra is off (0). */
function settingPence(value: string | undefined): Pence {
  if (value === undefined || value.trim() === '') return NO_PENCE;
  const pounds = Number(value.trim());
  if (!Number.isFinite(pounds) || pounds <= 0) return NO_PENCE;
  try {
    return poundsToPence(pounds);
  } catch {
    return NO_PENCE; // beyond MAX_PENCE: a typo in the settings must not take pricing down
  }
}

/** The extras' prices from the spec's settings (pounds as text) in pence. */
export function extrasPricesFromSettings(settings: SettingsMap): ExtrasPrices {
  return {
    meetAndGreet: settingPence(settings.MEET_AND_GREET),
    babySeatEach: settingPence(settings.BABY_PRICE_PER_SEAT),
    boosterSeatEach: settingPence(settings.BOOSTER_PRICE_PER_SEAT),
    wheelChair: settingPence(settings.WHEEL_CHAIR),
    specialLuggageEach: settingPence(settings.SPECIAL_LUGGAGE_PER_PRICE),
    perFiveWaitingMinutes: settingPence(settings.PRICE_PER_FIVE_WAITING_MIN),
  };
}

/** The extras' breakdown parts. */
export type ExtrasPart =
  | 'meet_and_greet'
  | 'baby_seats'
  | 'booster_seats'
  | 'wheel_chair'
  | 'special_luggage'
  | 'waiting_time';

/** Throws unless a count of extras is a whole number ≥ 0 (a negative seat would be a discount). */
function assertCount(name: string, count: number): void {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`Not a count of ${name}: ${count}`);
}

/** What one leg's extras cost, by breakdown part; parts that cost nothing are left out. */
export function legExtrasPrice(
  extras: LegExtras,
  prices: ExtrasPrices,
): Partial<Record<ExtrasPart, Pence>> {
  assertCount('baby seats', extras.baby_seats);
  assertCount('booster seats', extras.booster_seats);
  assertCount('special luggage', extras.special_luggage);
  assertCount('waiting minutes', extras.waiting_min);
  // Waiting is sold in 5-minute blocks; a started block is a whole block.
  const waitingBlocks = Math.ceil(extras.waiting_min / WAITING_BLOCK_MINUTES);
  // Part by part in the breakdown's order, without an intermediate record: this runs for
  // every vehicle of every quote.
  const charged: Partial<Record<ExtrasPart, Pence>> = {};
  const meetAndGreet = extras.meet_and_greet === 'yes' ? prices.meetAndGreet : 0;
  if (meetAndGreet !== 0) charged.meet_and_greet = meetAndGreet;
  const babySeats = extras.baby_seats * prices.babySeatEach;
  if (babySeats !== 0) charged.baby_seats = pence(babySeats);
  const boosterSeats = extras.booster_seats * prices.boosterSeatEach;
  if (boosterSeats !== 0) charged.booster_seats = pence(boosterSeats);
  const wheelChair = extras.wheel_chair === 'yes' ? prices.wheelChair : 0;
  if (wheelChair !== 0) charged.wheel_chair = wheelChair;
  const specialLuggage = extras.special_luggage * prices.specialLuggageEach;
  if (specialLuggage !== 0) charged.special_luggage = pence(specialLuggage);
  const waitingTime = waitingBlocks * prices.perFiveWaitingMinutes;
  if (waitingTime !== 0) charged.waiting_time = pence(waitingTime);
  return charged;
}
