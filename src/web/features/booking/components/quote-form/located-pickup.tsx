import { useRef, useState } from 'react';
import type { LatLng } from '../../../../../domain/lat-lng';
import { getPlaceAtPosition } from '../../../../api/get-place-at-position';
import { ApiError } from '../../../../lib/api-client';
import { locateUser } from '../../../../lib/user-position';
import styles from './quote-form.module.css';

/**
 * "Use my current location": the browser's position, named by the server as a pickup a driver
 * can find (GET /reverse-geocode), is put in the pickup field for the passenger to check.
 */

export type LocatedPickupState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; address: string }
  | { kind: 'failed'; message: string };

/** Shown when the position could not be named, unless the server said why. */
export const PLACE_NOT_FOUND_MESSAGE =
  'We could not find an address for your location. Type the pickup address.';

/** The note under the pickup once the location button has filled it in. */
export function locatedPickupText(address: string): string {
  return `Pickup set to your location: ${address} — check it before you quote`;
}

/**
 * The location button's work. `onFound` fills in the form with the address and position. An
 * answer that arrives after the passenger typed or picked another pickup (dismiss()) is
 * dropped, so it never overwrites their choice. A browser that cannot or may not tell the
 * position is logged only (spec section 8); a position the server cannot name is said.
 */
export function usePickupAtPosition(onFound: (address: string, position: LatLng) => void) {
  const [state, setState] = useState<LocatedPickupState>({ kind: 'idle' });
  const attempt = useRef(0);

  const locate = async () => {
    const mine = ++attempt.current;
    setState({ kind: 'locating' });
    let position: LatLng;
    try {
      position = await locateUser();
    } catch (error) {
      console.error('Could not read the current location', error);
      if (mine === attempt.current) setState({ kind: 'idle' });
      return;
    }
    try {
      const place = await getPlaceAtPosition(position);
      if (mine !== attempt.current) return;
      onFound(place.address, position);
      setState({ kind: 'found', address: place.address });
    } catch (error) {
      console.error('Could not find the address of the current location', error);
      if (mine !== attempt.current) return;
      // A 422 says why (outside the UK, nothing near); anything else is ours, not theirs.
      const told = error instanceof ApiError && error.status === 422;
      setState({ kind: 'failed', message: told ? error.message : PLACE_NOT_FOUND_MESSAGE });
    }
  };

  return {
    state,
    busy: state.kind === 'locating',
    locate: () => void locate(),
    /** Forgets the note and any answer still on its way: the passenger chose another pickup. */
    dismiss: () => {
      attempt.current += 1;
      setState({ kind: 'idle' });
    },
  };
}

/** What the location button did, announced: the address to check, or why there is none. */
export function LocatedPickupNote({ state }: { state: LocatedPickupState }) {
  return (
    <div role="status" aria-live="polite">
      {state.kind === 'found' ? (
        <div className={`${styles.notice} ${styles.located}`}>
          {locatedPickupText(state.address)}
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <div className={`${styles.notice} ${styles.problems}`}>{state.message}</div>
      ) : null}
    </div>
  );
}
