import { useState } from 'react';
import type { DriverStep } from '../../../../contract/driver';
import { StorageQuotaError } from '../../../offline/db';
import { positionForPress } from '../lib/phone-position';
import { recordPress, sendPresses } from '../offline/press-outbox';

const NOT_RECORDED = 'This press could not be kept on the phone. Please press again.';

/**
 * A status button's press: stamped with the time of the press and the phone's position, kept
 * in IndexedDB, and sent at once if there is signal (offline/press-outbox.ts). The press shows
 * on the page from IndexedDB, waiting or sent.
 */
export function useStatusPress(driverId: number, jobRef: string) {
  const [pressing, setPressing] = useState<DriverStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const press = async (step: DriverStep) => {
    if (pressing) return;
    // The moment of the press, before the wait for a position.
    const at = new Date().toISOString();
    setPressing(step);
    setFailure(null);
    try {
      const position = await positionForPress();
      await recordPress({ driverId, jobRef, body: { status: step, at, ...position } });
      void sendPresses();
    } catch (error) {
      console.error('Could not keep the press', error);
      setFailure(error instanceof StorageQuotaError ? error.message : NOT_RECORDED);
    } finally {
      setPressing(null);
    }
  };

  return { press, pressing, failure };
}
