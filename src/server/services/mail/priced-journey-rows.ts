import type { LatLng } from '../../../domain/lat-lng';
import type { PricedJourney, PricedPoint } from '../pricing/priced-journey';
import { pricedAtUnplacedPosition } from '../pricing/priced-journey';
import type { MailRow, MailSection } from './mail-format';

/**
 * What a booking's mails say of the journey the server priced: the operator sees the miles and
 * where each point was placed, so an address priced somewhere else stands out; both mails show
 * a position priced because the address could not be placed, since that is where the driver
 * goes.
 */

/** 'pickup' -> 'Pickup', 'stops.1' -> 'Stop 2', 'return_dropoff' -> 'Return drop-off'. */
function pointLabel(field: string): string {
  const stop = /^stops\.(\d+)$/.exec(field);
  if (stop) return `Stop ${Number(stop[1]) + 1}`;
  const names: Record<string, string> = {
    pickup: 'Pickup',
    dropoff: 'Drop-off',
    return_pickup: 'Return pickup',
    return_dropoff: 'Return drop-off',
  };
  return names[field] ?? field;
}

/** '51.50801, -0.12803': five decimals is about a metre. */
export function positionText(point: { lat: number; lng: number }): string {
  return `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;
}

function placing(point: PricedPoint): string {
  const km = point.sent_km;
  if (pricedAtUnplacedPosition(point)) {
    return `the map position sent; "${point.address}" is not a place we could find`;
  }
  if (point.source === 'browser') return `the map position sent, ${km} km from ${point.matched}`;
  const placed = point.source === 'google' ? 'as Google placed it' : `(${point.source})`;
  const sent = km === null ? '' : `; the map position sent was ${km} km from it`;
  return `${point.matched} ${placed}${sent}`;
}

function miles(value: number | null): string {
  return value === null ? '' : `${value} miles`;
}

/** The operator's section: the priced miles and each point's priced position and placing. */
export function pricedJourneySection(journey: PricedJourney): MailSection {
  return {
    title: 'Priced journey',
    rows: [
      { label: 'Priced distance', value: miles(journey.miles) },
      { label: 'Return priced distance', value: miles(journey.return_miles) },
      ...journey.points.map((point): MailRow => ({
        label: `${pointLabel(point.field)} priced at`,
        value: `${positionText(point)}: ${placing(point)}`,
      })),
    ],
  };
}

/** Rows for the outward (or return) journey's points priced at a position we could not check. */
export function unplacedPositionRows(journey: PricedJourney | null, ofReturn: boolean): MailRow[] {
  return (journey?.points ?? [])
    .filter((point) => point.field.startsWith('return_') === ofReturn)
    .filter(pricedAtUnplacedPosition)
    .map((point) => ({
      label: `${pointLabel(point.field)} map position`,
      value: positionText(point),
    }));
}

/** Google Maps at a position: a driver's phone opens it in its maps app. */
export function mapLink(position: LatLng): string {
  const query = encodeURIComponent(`${position.lat.toFixed(5)},${position.lng.toFixed(5)}`);
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

/** The pickup's map position the passenger sent, as a map link; none when none was sent. */
export function pickupPositionRows(position: LatLng | null): MailRow[] {
  return position
    ? [{ label: 'Pickup map position', value: positionText(position), link: mapLink(position) }]
    : [];
}
