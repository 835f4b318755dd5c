import { haversineKm } from '../../../domain/geo';
import type { LatLng } from '../../../domain/lat-lng';
import { SAME_PLACE_KM } from './gazetteer-index';
import type { Place } from './gazetteer-index';
import type { PlacedKind } from './location-tolerance';

/**
 * Which place an address text means: the answer's shape, and the rules that pick one of
 * several gazetteer places sharing a name.
 */

/** Where an address text alone places: the gazetteer's kind of place and its entry. */
export interface PlacedText {
  lat: number;
  lng: number;
  source: PlacedKind;
  matched: string;
}

/** Another town named in the same address within this distance refines, not contradicts. */
export const ANCHOR_KM = 25;

export function fromPlace(place: Place): PlacedText {
  return { lat: place.lat, lng: place.lng, source: place.kind, matched: place.address };
}

/** A place this many times nearer the journey's other end than another is the one meant. */
const CLEARLY_NEARER = 3;

/**
 * Of a place with the name and one with it as an alias ("Waterloo": the Merseyside town, and
 * London Waterloo station), the one meant: the same either way when close together; else the
 * one clearly nearer the journey's other end; else the likelier by rank (a station or airport
 * before a city, a city before a small town).
 */
export function likelier(
  named: Place | undefined,
  aliased: Place | undefined,
  near: LatLng | undefined,
): Place | undefined {
  if (!named || !aliased) return named ?? aliased;
  if (haversineKm(named, aliased) <= SAME_PLACE_KM) return named;
  if (near) {
    const namedKm = haversineKm(named, near);
    const aliasedKm = haversineKm(aliased, near);
    if (namedKm * CLEARLY_NEARER < aliasedKm) return named;
    if (aliasedKm * CLEARLY_NEARER < namedKm) return aliased;
  }
  return aliased.rank > named.rank ? aliased : named;
}

/** Of same-named places the address cannot tell apart, the one nearest the other end. */
export function nearestTo(places: Place[], near: LatLng): Place | undefined {
  return [...places].sort((a, b) => haversineKm(a, near) - haversineKm(b, near))[0];
}

export function nearest(places: Place[], to: Place): Place | undefined {
  return [...places].sort((a, b) => haversineKm(a, to) - haversineKm(b, to))[0];
}

/** Whether the normalised `text` contains `phrase` as whole words. */
export function mentions(text: string, phrase: string): boolean {
  return phrase !== '' && ` ${text} `.includes(` ${phrase} `);
}

/**
 * One of several places sharing a name, or undefined when the address does not say which:
 * by county or nation named in the address, then by nearness to other places it names, then
 * when they are in effect one place, then when exactly one is a city or major town (what the
 * suggestion list would offer first for that name).
 */
export function choosePlace(
  places: Place[],
  context: { text: string; near: Place[] },
): Place | undefined {
  if (places.length <= 1) return places[0];
  let pool = places;
  const byCounty = pool.filter((p) => mentions(context.text, p.county));
  if (byCounty.length > 0) pool = byCounty;
  else {
    const byNation = pool.filter((p) => mentions(context.text, p.nation));
    if (byNation.length > 0) pool = byNation;
  }
  if (pool.length === 1) return pool[0];
  if (context.near.length > 0) {
    const ranked = pool
      .map((p) => ({ p, km: Math.min(...context.near.map((n) => haversineKm(p, n))) }))
      .sort((a, b) => a.km - b.km);
    const first = ranked[0];
    if (first && first.km <= ANCHOR_KM) return first.p;
  }
  const [top, runnerUp] = [...pool].sort((a, b) => b.rank - a.rank) as [Place, Place];
  if (pool.every((p) => haversineKm(p, top) <= SAME_PLACE_KM)) return top;
  // Town ranks are tiers (city, major town, town); transport ranks are list order, not size.
  const towns = pool.every((p) => p.kind === 'city' || p.kind === 'town');
  return towns && top.rank > runnerUp.rank ? top : undefined;
}
