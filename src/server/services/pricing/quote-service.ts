import { randomBytes } from 'node:crypto';
import type {
  DistanceResult,
  PriceDetail,
  QuoteDistance,
  QuotePlace,
  SelectedVehiclePriceResponse,
} from '../../../contract/quotes';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { NoRateError, priceOffer } from '../../../domain/pricing';
import type { PriceRequest } from '../../../domain/pricing';
import type { PricedOffer } from '../../../domain/pricing-model';
import {
  capacityCheck,
  chosenVehicleCapacityMessage,
  selectOffers,
} from '../../../domain/quote-rules';
import { HttpError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { PricedOfferingRow, PricingRepository } from '../../repositories/pricing-repository';
import type { QuotesRepository } from '../../repositories/quotes-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { DistanceProvider } from '../distance/distance-provider';
import { outwardRoute, type OutwardFields } from './journey';
import { createOfferingTables } from './offering-tables';
import type { PricedJourney } from './priced-journey';
import { createPricingTablesCache } from './pricing-tables';
import type { PricingSnapshot } from './pricing-tables';
import { createQuoteChecks } from './quote-checks';
import { toDistanceResult, toPriceDetail, toSelectedVehiclePrice } from './quote-mapper';
import { createQuotePlanner } from './quote-plans';
import type { PricingPlan } from './quote-plans';
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

/** One priced offer with what the results page shows of it. */
interface Candidate {
  company_id: number;
  vehicle_id: number;
  /** Pence; selectOffers only compares them. */
  price: number;
  final_price: number;
  offering: PricedOfferingRow;
  offer: PricedOffer;
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

/**
 * Quotes: measures the journey, applies the spec's rules in its order (grace period, banned
 * address, addresses placed and measured, zero distance, capacity) and prices every operator's
 * vehicles with the domain's arithmetic. A chosen vehicle's price is stored under a random id,
 * so a booking later refers to the server's price and never to one the browser sends.
 */
export function createQuoteService(deps: QuoteServiceDeps) {
  const tables = createPricingTablesCache(deps.pricing, {
    today: () => todayInLondonFast(deps.clock()),
  });
  const quoteSettings = createQuoteSettingsCache(deps.settings);
  const offeringTables = createOfferingTables();
  const checks = createQuoteChecks(deps.clock);
  const planner = createQuotePlanner({ checks, distance: deps.distance });

  /** The settings and pricing tables a quote is computed from, from memory when recent. */
  function loadInputs(): Promise<[QuoteSettings, PricingSnapshot]> {
    return Promise.all([quoteSettings.get(), tables.get()]);
  }

  /**
   * Every offer that can carry the party, priced for one vehicle. Mileage quotes first pass the
   * capacity rule (422 with the spec's message when no vehicle is big enough); an hourly card
   * without a rate for the asked duration leaves its vehicle out.
   */
  function priceCandidates(
    plan: PricingPlan,
    snapshot: PricingSnapshot,
    settings: QuoteSettings,
  ): Candidate[] {
    let offerings = snapshot.offerings;
    if (plan.capacity) {
      const check = capacityCheck(plan.capacity, offeringTables.vehiclesFor(snapshot, settings));
      if (!check.ok) throw new HttpError(422, check.message);
      offerings = check.fitting.map((vehicle) => vehicle.offering);
    }
    // The same request for every offering: one vehicle, the plan's legs.
    const request: PriceRequest = { ...plan.request, vehicleCount: 1 };
    const candidates: Candidate[] = [];
    for (const offering of offerings) {
      let offer: PricedOffer;
      try {
        offer = priceOffer(request, offeringTables.tablesFor(offering, snapshot, settings));
      } catch (error) {
        if (error instanceof NoRateError) continue;
        throw error;
      }
      candidates.push({
        company_id: offering.companyId,
        vehicle_id: offering.categoryId,
        price: offer.price,
        final_price: offer.finalPrice,
        offering,
        offer,
      });
    }
    return candidates;
  }

  /** The offers the results page shows, cheapest first, under the operator settings. */
  function shownOffers(
    plan: PricingPlan,
    snapshot: PricingSnapshot,
    settings: QuoteSettings,
  ): Candidate[] {
    return selectOffers(priceCandidates(plan, snapshot, settings), settings.map);
  }

  /** shownOffers as the API's price details. */
  function shownDetails(
    plan: PricingPlan,
    snapshot: PricingSnapshot,
    settings: QuoteSettings,
  ): PriceDetail[] {
    return shownOffers(plan, snapshot, settings).map((c) => toPriceDetail(c.offering, c.offer));
  }

  /**
   * Why the results page would not offer the chosen vehicle: the limits it cannot meet when
   * the party outgrew it (Edit Options with more luggage), else that it is not offered.
   */
  function refusalOf(
    input: SelectedVehicleInput,
    plan: PricingPlan,
    snapshot: PricingSnapshot,
    settings: QuoteSettings,
  ): string {
    const vehicle = plan.capacity
      ? offeringTables
          .vehiclesFor(snapshot, settings)
          .find(
            (v) =>
              v.offering.companyId === input.companyId && v.offering.categoryId === input.vehicleId,
          )
      : undefined;
    const tooSmall =
      plan.capacity && vehicle ? chosenVehicleCapacityMessage(plan.capacity, vehicle) : null;
    return tooSmall ?? SELECTION_MESSAGES.unavailable;
  }

  /**
   * One operator's vehicle for the form, times the vehicle count, priced under the same rules
   * as the results page (grace period, banned address, capacity: the spec's 422s) and not
   * stored. Only a vehicle the results page would show for the same form can be chosen, so
   * the operator settings cannot be bypassed by a crafted call. Bookings price with this when
   * they have no live quote.
   */
  async function priceSelection(input: SelectedVehicleInput): Promise<PricedSelection> {
    const [settings, snapshot] = await loadInputs();
    const plan =
      input.bookingType === 'milleage'
        ? await planner.planMileage(input.form, settings, snapshot, 'bookingForm.')
        : await planner.planHourly(input.form, settings, snapshot, 'hourlyRateForm.');
    const chosen = shownOffers(plan, snapshot, settings).find(
      (c) => c.company_id === input.companyId && c.vehicle_id === input.vehicleId,
    );
    if (!chosen) throw new HttpError(422, refusalOf(input, plan, snapshot, settings));
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

  return {
    /**
     * Forgets the settings and pricing tables held in memory, so the next quote reads them
     * again. Whatever writes them (an operator's tool, a seed, a test) calls this; without it a
     * change shows within QUOTE_SETTINGS_TTL_MS (settings) or PRICING_TABLES_TTL_MS (tables).
     */
    invalidate(): void {
      quoteSettings.invalidate();
      tables.invalidate();
    },

    /** POST /calculate-distance: miles and minutes from pickup via any stops to drop-off. */
    async distance(input: OutwardFields): Promise<DistanceResult> {
      return toDistanceResult(await planner.measure(outwardRoute(input), ''));
    },

    /** POST /calculate-distance-price: every vehicle that fits, priced, as the settings show. */
    async mileagePrices(
      form: BookingForm,
    ): Promise<{ price_details: PriceDetail[]; distance: QuoteDistance; places: QuotePlace[] }> {
      const [settings, snapshot] = await loadInputs();
      const plan = await planner.planMileage(form, settings, snapshot, '');
      return {
        price_details: shownDetails(plan, snapshot, settings),
        distance: plan.distance,
        places: plan.places(),
      };
    },

    /** POST /calculate-hourly-price: every vehicle with a rate for the duration, priced. */
    async hourlyPrices(
      form: HourlyForm,
    ): Promise<{ price_details: PriceDetail[]; places: QuotePlace[] }> {
      const [settings, snapshot] = await loadInputs();
      const plan = await planner.planHourly(form, settings, snapshot, '');
      return { price_details: shownDetails(plan, snapshot, settings), places: plan.places() };
    },

    priceSelection,

    /**
     * The timing rules alone (booking horizon, grace period) for a form priced earlier: a
     * stored quote keeps its price for its lifetime, but the pickup must still be far enough
     * ahead when the booking is made.
     */
    async checkPickupTiming(
      input:
        | { bookingType: 'milleage'; form: BookingForm }
        | { bookingType: 'hourly'; form: HourlyForm },
    ): Promise<void> {
      const settings = await quoteSettings.get();
      const prefix = input.bookingType === 'milleage' ? 'bookingForm.' : 'hourlyRateForm.';
      const { form } = input;
      checks.checkGrace(checks.pickupWithinHorizon(form, prefix), settings);
    },

    /**
     * POST /calculate-selected-vehicle-price: priceSelection, stored as a quote under a random
     * id that a booking can name for the next QUOTE_LIFETIME_MS.
     */
    async selectedVehiclePrice(
      input: SelectedVehicleInput,
    ): Promise<Omit<SelectedVehiclePriceResponse, 'success'>> {
      const { offer, detail, distance, journey } = await priceSelection(input);
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
    },
  };
}

/** Quotes: distance, prices and a chosen vehicle's stored quote. */
export type QuoteService = ReturnType<typeof createQuoteService>;
