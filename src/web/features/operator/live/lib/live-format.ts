import { isStalePosition } from '../../../../../domain/live-texts';
import { formatUkClock, formatUkMoment } from '../../../../lib/format-uk-moment';

/** Past this, a time of day alone could be yesterday's: the date is written too. */
const SAME_DAY_MS = 12 * 60 * 60_000;

/** When a phone last sent a position: "14:32:05", with "(not live)" once it is stale. */
export function lastSeenText(at: string, now: number): string {
  const age = now - Date.parse(at);
  const when = age > SAME_DAY_MS ? formatUkMoment(at) : formatUkClock(at, { seconds: true });
  return isStalePosition(at, now) ? `${when} (not live)` : when;
}

/** "51.4700, -0.4543 (± 12 m)": where a phone put itself, and how sure it was. */
export function positionText(position: {
  lat: number;
  lng: number;
  accuracy: number | null;
}): string {
  const place = `${position.lat.toFixed(4)}, ${position.lng.toFixed(4)}`;
  return position.accuracy === null ? place : `${place} (± ${Math.round(position.accuracy)} m)`;
}
