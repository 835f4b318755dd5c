import { pence } from '../../../domain/money';
import type { PricingTables } from '../../../domain/pricing';
import type { CompanyCharges } from '../../../domain/pricing-model';
import type { VehicleCapacity } from '../../../domain/quote-rules';
import type { PricedOfferingRow } from '../../repositories/pricing-repository';
import type { PricingSnapshot } from './pricing-tables';
import type { QuoteSettings } from './quote-settings';

/** An operator without a charges row: no airport charge and no uplifts. */
function noCharges(companyId: number): CompanyCharges {
  return {
    companyId,
    airportPickupCharge: pence(0),
    nightUpliftBp: 0,
    nightStartMinute: 0,
    nightEndMinute: 0,
    bankHolidayUpliftBp: 0,
  };
}

/** A vehicle as the capacity rule sees it, with the offering it came from. */
export type OfferingCapacity = VehicleCapacity & { offering: PricedOfferingRow };

/**
 * What every quote under one snapshot and one settings read shares: each offering's pricing
 * tables and the capacity view of the offerings. Built on the first quote after either
 * changes, not on every quote; nothing here is changed by pricing.
 */
export function createOfferingTables() {
  let shared:
    | {
        snapshot: PricingSnapshot;
        settings: QuoteSettings;
        tables: Map<PricedOfferingRow, PricingTables>;
        vehicles: OfferingCapacity[];
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
    shared = { snapshot, settings, tables, vehicles };
    return shared;
  }

  return {
    /** The tables one offering of `snapshot` is priced with. */
    tablesFor(
      offering: PricedOfferingRow,
      snapshot: PricingSnapshot,
      settings: QuoteSettings,
    ): PricingTables {
      const tables = sharedFor(snapshot, settings).tables.get(offering);
      // Every offering comes from the same snapshot, so this cannot happen.
      if (!tables) throw new Error('An offering from another pricing snapshot');
      return tables;
    },

    /** Every offering of `snapshot` as the capacity rule sees it. */
    vehiclesFor(snapshot: PricingSnapshot, settings: QuoteSettings): OfferingCapacity[] {
      return sharedFor(snapshot, settings).vehicles;
    },
  };
}

export type OfferingTables = ReturnType<typeof createOfferingTables>;
