import { randomBytes } from 'node:crypto';
import type {
  DistanceResult,
  PriceDetail,
  QuoteDistance,
  QuotePlace,
  SelectedVehiclePriceResponse,
} from '../../../contract/quotes';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { priceOffer } from '../../../domain/pricing';
import type { PricedOffer } from '../../../domain/pricing-model';
import { HttpError } from '../../errors';
import type { RefreshingCache } from '../../lib/refreshing-cache';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { PricedOfferingRow, PricingRepository } from '../../repositories/pricing-repository';
import type { QuotesRepository } from '../../repositories/quotes-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { DistanceProvider } from '../distance/distance-provider';
import { outwardRoute, type OutwardFields } from './journey';
import { createOfferingTables, type OfferingTables } from './offering-tables';
import type { PricedJourney } from './priced-journey';
import { createPricingTablesCache } from './pricing-tables';
import type { PricingSnapshot, PricingTablesCache } from './pricing-tables';
import { createQuoteChecks, type QuoteChecks } from './quote-checks';
import { toDistanceResult, toPriceDetail, toSelectedVehiclePrice } from './quote-mapper';
import { capacityRefusal, shownDetails, shownOffers } from './quote-offers';
import { createQuotePlanner, type QuotePlanner } from './quote-plans';
import { createQuoteSettingsCache } from './quote-settings';
import type { QuoteSettings } from './quote-settings';

/** A quote holds its price this long; a booking after that prices the trip again. */
export const QUOTE_LIFETIME_MS = 30 * 60_000;
/** 16 random bytes: 128 bits, far beyond guessing, as base64url (22 characters). */
const QUOTE_ID_BYTES = 16;

/** The 422s of a chosen vehicle that the results page would not have offered. */
export const SELECTION_MESSAGES = {
  unavailable: 'The selected vehicle is not available from this operator for this journey.',
} as const;

/** What the quote service reads and measures with, and its clock. */
export interface QuoteServiceDeps {
  pricing: PricingRepository;
  quotes: QuotesRepository;
  settings: SettingsRepository;
  distance: DistanceProvider;
  /** Now, for the grace period, the booking horizon and quote expiry. */
  clock: () => Date;
}

/** A chosen vehicle priced for a form: the domain's offer (pence) and what the API shows of it. */
export interface PricedSelection {
  offer: PricedOffer;
  detail: PriceDetail;
  distance: QuoteDistance | null;
  journey: PricedJourney;
}

/** The mileage or hourly form a chosen vehicle is priced for, as parsed by the route. */
export type SelectedVehicleInput = {
  vehicleId: number;
  companyId: number;
  vehicleCount: number;
} & ({ bookingType: 'milleage'; form: BookingForm } | { bookingType: 'hourly'; form: HourlyForm });

/** What the quote service's steps share: its deps, and the caches and checks built over them. */
interface QuoteContext {
  deps: QuoteServiceDeps;
  tables: PricingTablesCache;
  quoteSettings: RefreshingCache<QuoteSettings>;
  offeringTables: OfferingTables;
  checks: QuoteChecks;
  planner: QuotePlanner;
}

/**
 * Quotes: measures the journey, applies the spec's rules in its order (grace period, banned
 * address, addresses placed and measured, zero distance, capacity) and prices every operator's
 * vehicles with the domain's arithmetic. A chosen vehicle's price is stored under a random id,
 * so a booking later refers to the server's price and never to one the browser sends.
 */
export function createQuoteService(deps: QuoteServiceDeps) {
  const checks = createQuoteChecks(deps.clock);
  const context: QuoteContext = {
    deps,
    tables: createPricingTablesCache(deps.pricing, {
      today: () => todayInLondonFast(deps.clock()),
    }),
    quoteSettings: createQuoteSettingsCache(deps.settings),
    offeringTables: createOfferingTables(),
    checks,
    planner: createQuotePlanner({ checks, distance: deps.distance }),
  };
  return {
    invalidate: () => invalidate(context),
    distance: (input: OutwardFields) => measureDistance(context, input),
    mileagePrices: (form: BookingForm) => mileagePrices(context, form),
    hourlyPrices: (form: HourlyForm) => hourlyPrices(context, form),
    priceSelection: (input: SelectedVehicleInput) => priceSelection(context, input),
    checkPickupTiming: (input: TimedForm) => checkPickupTiming(context, input),
    selectedVehiclePrice: (input: SelectedVehicleInput) => selectedVehiclePrice(context, input),
    planPreview: (form: BookingForm, prefix: string) => planPreview(context, form, prefix),
  };
}

/** Quotes: distance, prices and a chosen vehicle's stored quote. */
export type QuoteService = ReturnType<typeof createQuoteService>;

/** A form priced earlier, as checkPickupTiming reads it. */
type TimedForm =
  { bookingType: 'milleage'; form: BookingForm } | { bookingType: 'hourly'; form: HourlyForm };

/**
 * Forgets the settings and pricing tables held in memory, so the next quote reads them
 * again. Whatever writes them (an operator's tool, a seed, a test) calls this; without it a
 * change shows within QUOTE_SETTINGS_TTL_MS (settings) or PRICING_TABLES_TTL_MS (tables).
 */
function invalidate({ quoteSettings, tables }: QuoteContext): void {
  quoteSettings.invalidate();
  tables.invalidate();
}

/** The settings and pricing tables a quote is computed from, from memory when recent. */
function loadInputs({
  quoteSettings,
  tables,
}: QuoteContext): Promise<[QuoteSettings, PricingSnapshot]> {
  return Promise.all([quoteSettings.get(), tables.get()]);
}

/** POST /calculate-distance: miles and minutes from pickup via any stops to drop-off. */
async function measureDistance(
  { planner }: QuoteContext,
  input: OutwardFields,
): Promise<DistanceResult> {
  return toDistanceResult(await planner.measure(outwardRoute(input), ''));
}

/** POST /calculate-distance-price: every vehicle that fits, priced, as the settings show. */
async function mileagePrices(
  context: QuoteContext,
  form: BookingForm,
): Promise<{ price_details: PriceDetail[]; distance: QuoteDistance; places: QuotePlace[] }> {
  const [settings, snapshot] = await loadInputs(context);
  const plan = await context.planner.planMileage(form, settings, snapshot, '');
  return {
    price_details: shownDetails(context.offeringTables, plan, snapshot, settings),
    distance: plan.distance,
    places: plan.places(),
  };
}

/** POST /calculate-hourly-price: every vehicle with a rate for the duration, priced. */
async function hourlyPrices(
  context: QuoteContext,
  form: HourlyForm,
): Promise<{ price_details: PriceDetail[]; places: QuotePlace[] }> {
  const [settings, snapshot] = await loadInputs(context);
  const plan = await context.planner.planHourly(form, settings, snapshot, '');
  return {
    price_details: shownDetails(context.offeringTables, plan, snapshot, settings),
    places: plan.places(),
  };
}

/**
 * One operator's vehicle for the form, times the vehicle count, priced under the same rules
 * as the results page (grace period, banned address, capacity: the spec's 422s) and not
 * stored. Only a vehicle the results page would show for the same form can be chosen, so
 * the operator settings cannot be bypassed by a crafted call. Bookings price with this when
 * they have no live quote.
 */
async function priceSelection(
  context: QuoteContext,
  input: SelectedVehicleInput,
): Promise<PricedSelection> {
  const { planner, offeringTables } = context;
  const [settings, snapshot] = await loadInputs(context);
  const plan =
    input.bookingType === 'milleage'
      ? await planner.planMileage(input.form, settings, snapshot, 'bookingForm.')
      : await planner.planHourly(input.form, settings, snapshot, 'hourlyRateForm.');
  const chosen = shownOffers(offeringTables, plan, snapshot, settings).find(
    (c) => c.company_id === input.companyId && c.vehicle_id === input.vehicleId,
  );
  if (!chosen) {
    // The limits it cannot meet when the party outgrew it, else that it is not offered.
    const tooSmall = capacityRefusal(offeringTables, input, plan, snapshot, settings);
    throw new HttpError(422, tooSmall ?? SELECTION_MESSAGES.unavailable);
  }
  const offer = priceOffer(
    { ...plan.request, vehicleCount: input.vehicleCount },
    offeringTables.tablesFor(chosen.offering, snapshot, settings),
  );
  return {
    offer,
    detail: toPriceDetail(chosen.offering, offer),
    distance: plan.distance,
    journey: plan.journey(),
  };
}

/**
 * Try a quote (the console's Prices page): a mileage form planned under today's rules and
 * tables, one vehicle, and the tables each offering is priced with, so the preview prices with
 * priceOffer exactly as the results page does.
 */
async function planPreview(context: QuoteContext, form: BookingForm, prefix: string) {
  const { planner, offeringTables } = context;
  const [settings, snapshot] = await loadInputs(context);
  const plan = await planner.planMileage(form, settings, snapshot, prefix);
  return {
    request: { ...plan.request, vehicleCount: 1 },
    snapshot,
    tablesFor: (offering: PricedOfferingRow) =>
      offeringTables.tablesFor(offering, snapshot, settings),
  };
}

/** What planPreview answers. */
export type PreviewPlan = Awaited<ReturnType<typeof planPreview>>;

/**
 * The timing rules alone (booking horizon, grace period) for a form priced earlier: a
 * stored quote keeps its price for its lifetime, but the pickup must still be far enough
 * ahead when the booking is made.
 */
async function checkPickupTiming(
  { quoteSettings, checks }: QuoteContext,
  input: TimedForm,
): Promise<void> {
  const settings = await quoteSettings.get();
  const prefix = input.bookingType === 'milleage' ? 'bookingForm.' : 'hourlyRateForm.';
  const { form } = input;
  checks.checkGrace(checks.pickupWithinHorizon(form, prefix), settings);
}

/**
 * POST /calculate-selected-vehicle-price: priceSelection, stored as a quote under a random
 * id that a booking can name for the next QUOTE_LIFETIME_MS.
 */
async function selectedVehiclePrice(
  context: QuoteContext,
  input: SelectedVehicleInput,
): Promise<Omit<SelectedVehiclePriceResponse, 'success'>> {
  const { deps } = context;
  const { offer, detail, distance, journey } = await priceSelection(context, input);
  const createdAt = deps.clock();
  const expiresAt = new Date(createdAt.getTime() + QUOTE_LIFETIME_MS);
  const id = randomBytes(QUOTE_ID_BYTES).toString('base64url');
  await deps.quotes.insert({
    id,
    createdAt,
    expiresAt,
    bookingType: input.bookingType,
    request: {
      bookingType: input.bookingType,
      form: input.form,
      company_id: input.companyId,
      vehicle_id: input.vehicleId,
      vehicle_count: input.vehicleCount,
    },
    companyId: input.companyId,
    categoryId: input.vehicleId,
    vehicleCount: input.vehicleCount,
    pricePence: offer.price,
    finalPence: offer.finalPrice,
    breakdown: offer.breakdown,
    distance,
    pricedJourney: journey,
  });
  return toSelectedVehiclePrice({ id, expiresAt, vehicleCount: input.vehicleCount, detail });
}
