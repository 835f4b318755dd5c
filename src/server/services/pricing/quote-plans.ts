import type { QuoteDistance, QuotePlace } from '../../../contract/quotes';
import { outwardLegExtras } from '../../../domain/booking-form';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { BOOKING_MESSAGES, MESSAGES } from '../../../domain/messages';
import type { PriceRequest, PricingLeg } from '../../../domain/pricing';
import { isZeroDistance } from '../../../domain/quote-rules';
import type { CapacityRequest } from '../../../domain/quote-rules';
import { HttpError } from '../../errors';
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
  pricingLeg,
  returnRoute,
  ukInstant,
} from './journey';
import { hourlyJourney, mileageJourney } from './priced-journey';
import type { PricedJourney } from './priced-journey';
import type { PricingSnapshot } from './pricing-tables';
import { fieldError } from './quote-checks';
import type { QuoteChecks } from './quote-checks';
import { toQuoteDistance, toQuotePlaces } from './quote-mapper';
import type { QuoteSettings } from './quote-settings';

/** A journey ready to price: every rule has passed. */
export interface PricingPlan {
  request: Omit<PriceRequest, 'vehicleCount'>;
  /** Mileage only: the counts the capacity rule filters vehicles by. */
  capacity: CapacityRequest | null;
  distance: QuoteDistance | null;
  /**
   * Where the outward journey's places were put (the hourly pickup alone): built only for the
   * price lists, as journey() is only for quotes and bookings.
   */
  places(): QuotePlace[];
  /** What was priced, for a stored quote and a booking; built only when they ask. */
  journey(): PricedJourney;
}

export interface MileagePlan extends PricingPlan {
  capacity: CapacityRequest;
  distance: QuoteDistance;
}

/** What planning a quote needs: the spec's checks and a way to measure routes. */
interface QuotePlannerDeps {
  checks: QuoteChecks;
  distance: DistanceProvider;
}

/**
 * From a form to the legs to price: the spec's rules in its order (horizon, grace period,
 * banned address, addresses placed and measured, zero distance) and each leg measured.
 */
export function createQuotePlanner(deps: QuotePlannerDeps) {
  return {
    measure: (points: RoutePoint[], prefix: string) => measure(deps, points, prefix),
    planMileage: (
      form: BookingForm,
      settings: QuoteSettings,
      snapshot: PricingSnapshot,
      prefix: string,
    ) => planMileage(deps, form, settings, snapshot, prefix),
    planHourly: (
      form: HourlyForm,
      settings: QuoteSettings,
      snapshot: PricingSnapshot,
      prefix: string,
    ) => planHourly(deps, form, settings, snapshot, prefix),
  };
}

export type QuotePlanner = ReturnType<typeof createQuotePlanner>;

/** Measures a route, turning the provider's failures into answers for the visitor. */
async function measure(
  deps: QuotePlannerDeps,
  points: RoutePoint[],
  prefix: string,
): Promise<MeasuredRoute> {
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

/** When the return leaves, or null one way; a 400 unless it is after the outward pickup. */
function returnStart(
  checks: QuoteChecks,
  form: BookingForm,
  pickupAt: Date,
  prefix: string,
): Date | null {
  if (form.select_option !== 'return') return null;
  const { return_date: date, return_hour: hour, return_min: minute } = form;
  // The form schema already refuses a return without these; this narrows their types.
  if (!date || !hour || !minute) {
    throw fieldError(prefix, 'return_date', BOOKING_MESSAGES.returnDateRequired);
  }
  checks.checkHorizon(date, 'return_date', prefix);
  const returnAt = ukInstant(date, hour, minute);
  if (returnAt.getTime() <= pickupAt.getTime()) {
    throw fieldError(prefix, 'return_date', BOOKING_MESSAGES.returnBeforeOutward);
  }
  return returnAt;
}

/** The rules of a mileage quote, in the spec's order, and the legs to price. */
async function planMileage(
  deps: QuotePlannerDeps,
  form: BookingForm,
  settings: QuoteSettings,
  snapshot: PricingSnapshot,
  prefix: string,
): Promise<MileagePlan> {
  const { checks } = deps;
  const pickupAt = checks.pickupWithinHorizon(form, prefix);
  const returnAt = returnStart(checks, form, pickupAt, prefix);

  checks.checkGrace(pickupAt, settings);
  checks.checkBanned(formAddresses(form), snapshot);

  const outwardPoints = outwardRoute(form);
  const returnPoints = returnRoute(form);
  const [outward, back] = await Promise.all([
    measure(deps, outwardPoints, prefix),
    returnPoints ? measure(deps, returnPoints, prefix) : Promise.resolve(null),
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
  return {
    request: { mode: 'mileage', legs, roundOff: settings.roundOff },
    capacity: capacityOf(form, returnAt !== null),
    distance: toQuoteDistance(outward, back),
    places: () => toQuotePlaces(outward),
    journey: () => mileageJourney(outward, back),
  };
}

/** The rules of an hourly quote (no distance or capacity rules) and its one leg. */
async function planHourly(
  deps: QuotePlannerDeps,
  form: HourlyForm,
  settings: QuoteSettings,
  snapshot: PricingSnapshot,
  prefix: string,
): Promise<PricingPlan> {
  const { checks } = deps;
  const pickupAt = checks.pickupWithinHorizon(form, prefix);
  checks.checkGrace(pickupAt, settings);
  checks.checkBanned([form.pickup], snapshot);
  // Providers measure routes only; a route that starts and ends at the pickup is how the
  // pickup is placed (zones, airport, holiday calendar), and costs nothing to measure.
  const pickup = hourlyPoint(form);
  const route = await measure(deps, [pickup, pickup], prefix);
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
    places: () => toQuotePlaces(route),
    journey: () => hourlyJourney(route),
  };
}

/** One vehicle does both legs, so it must hold the larger party of either. */
function capacityOf(form: BookingForm, returning: boolean): CapacityRequest {
  return {
    passengers: Math.max(form.passengers, returning ? form.return_passengers : 0),
    luggages: Math.max(form.luggages, returning ? form.return_luggages : 0),
    hand_luggages: Math.max(form.hand_luggages, returning ? form.return_hand_luggages : 0),
  };
}
