import { randomBytes } from 'node:crypto';
import type {
  DistanceResult,
  PriceDetail,
  QuoteDistance,
  SelectedVehiclePriceResponse,
} from '../../../contract/quotes';
import { outwardLegExtras } from '../../../domain/booking-form';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { MESSAGES } from '../../../domain/messages';
import { penceToPounds } from '../../../domain/money';
import { breakdownToWire, NoRateError, priceOffer } from '../../../domain/pricing';
import type { PriceRequest, PricingLeg, PricingTables } from '../../../domain/pricing';
import type { CompanyCharges, PricedOffer } from '../../../domain/pricing-model';
import {
  capacityCheck,
  isWithinGrace,
  isZeroDistance,
  matchesNormalisedBan,
  normaliseBannedPatterns,
  selectOffers,
} from '../../../domain/quote-rules';
import type { CapacityRequest, VehicleCapacity } from '../../../domain/quote-rules';
import { addDays } from '../../../domain/uk-time';
import { HttpError, RequestValidationError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { PricedOfferingRow, PricingRepository } from '../../repositories/pricing-repository';
import type { QuotesRepository } from '../../repositories/quotes-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import {
  DistanceUnavailableError,
  LocationMismatchError,
  UnresolvedAddressError,
} from '../distance/distance-provider';
import type { DistanceProvider, MeasuredRoute, RoutePoint } from '../distance/distance-provider';
import {
  formAddresses,
  hourlyPoint,
  legExtras,
  outwardRoute,
  type OutwardFields,
  pricingLeg,
  returnRoute,
  ukInstant,
} from './journey';
import { hourlyJourney, mileageJourney } from './priced-journey';
import type { PricedJourney } from './priced-journey';
import { createPricingTablesCache } from './pricing-tables';
import type { PricingSnapshot } from './pricing-tables';
import { createQuoteSettingsCache } from './quote-settings';
import type { QuoteSettings } from './quote-settings';

/** A quote holds its price this long; a booking after that prices the trip again. */
export const QUOTE_LIFETIME_MS = 30 * 60_000;
/** How far ahead a pickup may be booked. */
export const MAX_DAYS_AHEAD = 365;
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

/** A journey ready to price: every rule has passed. */
interface PricingPlan {
  request: Omit<PriceRequest, 'vehicleCount'>;
  /** Mileage only: the counts the capacity rule filters vehicles by. */
  capacity: CapacityRequest | null;
  distance: QuoteDistance | null;
  /** What was priced, for a stored quote and a booking; built only when they ask. */
  journey(): PricedJourney;
}

interface MileagePlan extends PricingPlan {
  capacity: CapacityRequest;
  distance: QuoteDistance;
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

function noCharges(companyId: number): CompanyCharges {
  return {
    companyId,
    airportPickupCharge: 0,
    nightUpliftBp: 0,
    nightStartMinute: 0,
    nightEndMinute: 0,
    bankHolidayUpliftBp: 0,
  };
}

/**
 * A 400 naming one field. `prefix` goes before every field path: '' for a form sent on its own,
 * 'bookingForm.' or 'hourlyRateForm.' when it is nested in the selected-vehicle call.
 */
function fieldError(prefix: string, field: string, message: string): RequestValidationError {
  return new RequestValidationError([{ path: `${prefix}${field}`, message }]);
}

/** Whole minutes of a route, as the API sends durations. */
function wholeMinutes(route: MeasuredRoute): number {
  return Math.round(route.minutes);
}

/** Miles with one decimal, as the API sends distances. */
function milesOneDecimal(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/**
 * A PriceDetail as JSON, the same text JSON.stringify(toPriceDetail(...)) gives: the
 * offering's part is written once per pricing snapshot (`head`), only the prices per quote.
 */
function priceDetailJson(head: string, offer: PricedOffer): string {
  const price = penceToPounds(offer.price);
  const finalPrice = penceToPounds(offer.finalPrice);
  const breakdown = JSON.stringify(breakdownToWire(offer.breakdown, offer.finalPrice));
  return `${head},"price":${price},"final_price":${finalPrice},"breakdown":${breakdown}}`;
}

/** The offering's fields of a PriceDetail as JSON, open for the prices: see priceDetailJson. */
function priceDetailHead(offering: PricedOfferingRow): string {
  return JSON.stringify(offeringFields(offering)).slice(0, -1);
}

/** What a PriceDetail says of the vehicle and operator, in the order the API sends it. */
function offeringFields(offering: PricedOfferingRow) {
  return {
    vehicle_id: offering.categoryId,
    company_id: offering.companyId,
    company_name: offering.companyName,
    vehicle_type: offering.categoryName,
    vehicle_image: offering.imagePath,
    max_seat: offering.seats,
    luggage: offering.luggage,
    small_luggage: offering.handLuggage,
    rating: Math.round(offering.rating * 10) / 10,
  };
}

function toPriceDetail(offering: PricedOfferingRow, offer: PricedOffer): PriceDetail {
  return {
    ...offeringFields(offering),
    price: penceToPounds(offer.price),
    final_price: penceToPounds(offer.finalPrice),
    breakdown: breakdownToWire(offer.breakdown, offer.finalPrice),
  };
}

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

  /** The settings and pricing tables a quote is computed from, from memory when recent. */
  function loadInputs(): Promise<[QuoteSettings, PricingSnapshot]> {
    return Promise.all([quoteSettings.get(), tables.get()]);
  }

  /** Measures a route, turning the provider's failures into answers for the visitor. */
  async function measure(points: RoutePoint[], prefix: string): Promise<MeasuredRoute> {
    try {
      return await deps.distance.measure(points);
    } catch (error) {
      if (error instanceof UnresolvedAddressError || error instanceof LocationMismatchError) {
        throw new HttpError(422, error.message, {
          errors: [{ path: `${prefix}${error.field}`, message: error.message }],
        });
      }
      if (error instanceof DistanceUnavailableError) {
        // A 5xx: the visitor can do nothing but retry, and the operator should hear of it.
        throw new HttpError(503, error.message);
      }
      throw error;
    }
  }

  /** The last date a pickup may be booked for, for the UK date `today` (the last one asked). */
  let horizon = { today: '', last: '' };
  function lastBookableDate(today: string): string {
    if (horizon.today !== today) horizon = { today, last: addDays(today, MAX_DAYS_AHEAD) };
    return horizon.last;
  }

  /** 400 when the pickup is more than a year ahead (rates and holidays are not set that far). */
  function checkHorizon(date: string, field: string, prefix: string): void {
    const last = lastBookableDate(todayInLondonFast(deps.clock()));
    if (date > last) {
      throw fieldError(prefix, field, `${field} must be within ${MAX_DAYS_AHEAD} days from today`);
    }
  }

  /** 422 when the pickup is sooner than GRACE_TIME from now, or already past. */
  function checkGrace(pickup: Date, settings: QuoteSettings): void {
    if (isWithinGrace(pickup, deps.clock(), settings.graceMinutes)) {
      throw new HttpError(422, MESSAGES.graceTime);
    }
  }

  /** The snapshot's banned patterns, normalised once per snapshot rather than per quote. */
  let banned: { snapshot: PricingSnapshot; patterns: string[] } | undefined;
  function checkBanned(addresses: string[], snapshot: PricingSnapshot): void {
    if (banned?.snapshot !== snapshot) {
      banned = { snapshot, patterns: normaliseBannedPatterns(snapshot.bannedPatterns) };
    }
    if (matchesNormalisedBan(addresses, banned.patterns)) {
      throw new HttpError(422, MESSAGES.addressBanned);
    }
  }

  /** When the return leaves, or null one way; a 400 unless it is after the outward pickup. */
  function returnStart(form: BookingForm, pickupAt: Date, prefix: string): Date | null {
    if (form.select_option !== 'return') return null;
    const { return_date: date, return_hour: hour, return_min: minute } = form;
    // The form schema already refuses a return without these; this narrows their types.
    if (!date || !hour || !minute) {
      throw fieldError(prefix, 'return_date', 'Enter the return date and time');
    }
    checkHorizon(date, 'return_date', prefix);
    const returnAt = ukInstant(date, hour, minute);
    if (returnAt.getTime() <= pickupAt.getTime()) {
      throw fieldError(prefix, 'return_date', 'The return must be after the outward pickup');
    }
    return returnAt;
  }

  /** The rules of a mileage quote, in the spec's order, and the legs to price. */
  async function planMileage(
    form: BookingForm,
    settings: QuoteSettings,
    snapshot: PricingSnapshot,
    prefix: string,
  ): Promise<MileagePlan> {
    checkHorizon(form.pickup_date, 'pickup_date', prefix);
    const pickupAt = ukInstant(form.pickup_date, form.pickup_hour, form.pickup_min);
    const returnAt = returnStart(form, pickupAt, prefix);
    const returning = returnAt !== null;

    checkGrace(pickupAt, settings);
    checkBanned(formAddresses(form), snapshot);

    const outwardPoints = outwardRoute(form);
    const returnPoints = returnRoute(form);
    const [outward, back] = await Promise.all([
      measure(outwardPoints, prefix),
      returnPoints ? measure(returnPoints, prefix) : Promise.resolve(null),
    ]);
    // A return to the same place is the same mistake as an outward one.
    if (isZeroDistance(outward.miles) || (back !== null && isZeroDistance(back.miles))) {
      throw new HttpError(422, MESSAGES.zeroDistance);
    }

    const extras = legExtras(form);
    const legs: PricingLeg[] = [
      pricingLeg({
        kind: 'outward',
        route: outward,
        start: pickupAt,
        extras: extras.outward,
        zones: snapshot.zones,
      }),
    ];
    if (back && returnAt) {
      legs.push(
        pricingLeg({
          kind: 'return',
          route: back,
          start: returnAt,
          extras: extras.return,
          zones: snapshot.zones,
        }),
      );
    }
    // One vehicle does both legs, so it must hold the larger party of either.
    const capacity: CapacityRequest = {
      passengers: Math.max(form.passengers, returning ? form.return_passengers : 0),
      luggages: Math.max(form.luggages, returning ? form.return_luggages : 0),
      hand_luggages: Math.max(form.hand_luggages, returning ? form.return_hand_luggages : 0),
    };
    return {
      request: { mode: 'mileage', legs, roundOff: settings.roundOff },
      capacity,
      distance: {
        via_miles: milesOneDecimal(outward.miles),
        duration: wholeMinutes(outward),
        return_via_miles: back ? milesOneDecimal(back.miles) : null,
        return_duration: back ? wholeMinutes(back) : null,
      },
      journey: () => mileageJourney(outward, back),
    };
  }

  /** The rules of an hourly quote (no distance or capacity rules) and its one leg. */
  async function planHourly(
    form: HourlyForm,
    settings: QuoteSettings,
    snapshot: PricingSnapshot,
    prefix: string,
  ): Promise<PricingPlan> {
    checkHorizon(form.pickup_date, 'pickup_date', prefix);
    const pickupAt = ukInstant(form.pickup_date, form.pickup_hour, form.pickup_min);
    checkGrace(pickupAt, settings);
    checkBanned([form.pickup], snapshot);
    // Providers measure routes only; a route that starts and ends at the pickup is how the
    // pickup is placed (zones, airport, holiday calendar), and costs nothing to measure.
    const pickup = hourlyPoint(form);
    const route = await measure([pickup, pickup], prefix);
    const leg = pricingLeg({
      kind: 'outward',
      route,
      start: pickupAt,
      extras: outwardLegExtras(form),
      zones: snapshot.zones,
    });
    return {
      request: {
        mode: 'hourly',
        legs: [leg],
        hours: form.pickup_duration,
        roundOff: settings.roundOff,
      },
      capacity: null,
      distance: null,
      journey: () => hourlyJourney(route),
    };
  }

  /**
   * What every quote under one snapshot and one settings read shares: each offering's pricing
   * tables and the capacity view of the offerings. Built on the first quote after either
   * changes, not on every quote; nothing here is changed by pricing.
   */
  let shared:
    | {
        snapshot: PricingSnapshot;
        settings: QuoteSettings;
        tables: Map<PricedOfferingRow, PricingTables>;
        vehicles: (VehicleCapacity & { offering: PricedOfferingRow })[];
        /** Each offering's fixed part of its PriceDetail JSON (priceDetailHead). */
        heads: Map<PricedOfferingRow, string>;
      }
    | undefined;

  function sharedFor(snapshot: PricingSnapshot, settings: QuoteSettings) {
    if (shared?.snapshot === snapshot && shared.settings === settings) return shared;
    const tables = new Map<PricedOfferingRow, PricingTables>();
    for (const offering of snapshot.offerings) {
      tables.set(offering, {
        rateCard: offering.rateCard,
        charges: snapshot.charges.get(offering.companyId) ?? noCharges(offering.companyId),
        fixedFares: snapshot.fixedFares,
        bankHolidays: snapshot.bankHolidays,
        extras: settings.extras,
      });
    }
    const vehicles = snapshot.offerings.map((offering) => ({
      offering,
      max_seat: offering.seats,
      luggage: offering.luggage,
      small_luggage: offering.handLuggage,
    }));
    const heads = new Map(snapshot.offerings.map((o) => [o, priceDetailHead(o)]));
    shared = { snapshot, settings, tables, vehicles, heads };
    return shared;
  }

  function tablesFor(
    offering: PricedOfferingRow,
    snapshot: PricingSnapshot,
    settings: QuoteSettings,
  ): PricingTables {
    const tables = sharedFor(snapshot, settings).tables.get(offering);
    // Every offering comes from the same snapshot, so this cannot happen.
    if (!tables) throw new Error('An offering from another pricing snapshot');
    return tables;
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
      const check = capacityCheck(plan.capacity, sharedFor(snapshot, settings).vehicles);
      if (!check.ok) throw new HttpError(422, check.message);
      offerings = check.fitting.map((vehicle) => vehicle.offering);
    }
    // The same request for every offering: one vehicle, the plan's legs.
    const request: PriceRequest = { ...plan.request, vehicleCount: 1 };
    const candidates: Candidate[] = [];
    for (const offering of offerings) {
      let offer: PricedOffer;
      try {
        offer = priceOffer(request, tablesFor(offering, snapshot, settings));
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
        ? await planMileage(input.form, settings, snapshot, 'bookingForm.')
        : await planHourly(input.form, settings, snapshot, 'hourlyRateForm.');
    const chosen = shownOffers(plan, snapshot, settings).find(
      (c) => c.company_id === input.companyId && c.vehicle_id === input.vehicleId,
    );
    if (!chosen) throw new HttpError(422, SELECTION_MESSAGES.unavailable);
    const offer = priceOffer(
      { ...plan.request, vehicleCount: input.vehicleCount },
      tablesFor(chosen.offering, snapshot, settings),
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
      const route = await measure(outwardRoute(input), '');
      const minutes = wholeMinutes(route);
      return { via_miles: milesOneDecimal(route.miles), duration: minutes, time_duration: minutes };
    },

    /** POST /calculate-distance-price: every vehicle that fits, priced, as the settings show. */
    async mileagePrices(
      form: BookingForm,
    ): Promise<{ price_details: PriceDetail[]; distance: QuoteDistance }> {
      const [settings, snapshot] = await loadInputs();
      const plan = await planMileage(form, settings, snapshot, '');
      const shown = shownOffers(plan, snapshot, settings);
      return {
        price_details: shown.map((c) => toPriceDetail(c.offering, c.offer)),
        distance: plan.distance,
      };
    },

    /**
     * mileagePrices as the response body, `{"success":true,...}`, the same text
     * JSON.stringify gives for it, written from parts kept per pricing snapshot: the route's
     * busiest answer is not built as objects and serialised again on every quote.
     */
    async mileagePricesJson(form: BookingForm): Promise<string> {
      const [settings, snapshot] = await loadInputs();
      const plan = await planMileage(form, settings, snapshot, '');
      const { heads } = sharedFor(snapshot, settings);
      const details = shownOffers(plan, snapshot, settings).map((c) =>
        priceDetailJson(heads.get(c.offering) as string, c.offer),
      );
      const distance = JSON.stringify(plan.distance);
      return `{"success":true,"price_details":[${details.join(',')}],"distance":${distance}}`;
    },

    /** POST /calculate-hourly-price: every vehicle with a rate for the duration, priced. */
    async hourlyPrices(form: HourlyForm): Promise<{ price_details: PriceDetail[] }> {
      const [settings, snapshot] = await loadInputs();
      const plan = await planHourly(form, settings, snapshot, '');
      const shown = shownOffers(plan, snapshot, settings);
      return { price_details: shown.map((c) => toPriceDetail(c.offering, c.offer)) };
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
      checkHorizon(form.pickup_date, 'pickup_date', prefix);
      checkGrace(ukInstant(form.pickup_date, form.pickup_hour, form.pickup_min), settings);
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
      return {
        quote_id: id,
        expires_at: expiresAt.toISOString(),
        vehicle_count: input.vehicleCount,
        price: detail.price,
        final_price: detail.final_price,
        breakdown: detail.breakdown,
        price_detail: detail,
      };
    },
  };
}

/** Quotes: distance, prices and a chosen vehicle's stored quote. */
export type QuoteService = ReturnType<typeof createQuoteService>;
