import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { driverDb, type DriverDb, type PressRecord } from './driver-db';

const NONE: readonly PressRecord[] = [];

/**
 * Presses from IndexedDB as they change (this page, another tab), the oldest first; none when
 * the database cannot be read (private mode), where nothing can wait either.
 */
function usePressQuery(
  query: (database: DriverDb) => Promise<PressRecord[]>,
  deps: readonly unknown[],
  database: DriverDb,
): readonly PressRecord[] {
  const [presses, setPresses] = useState<readonly PressRecord[]>(NONE);
  useEffect(() => {
    const subscription = liveQuery(() => query(database)).subscribe({
      next: setPresses,
      error: (error: unknown) => {
        console.error('Could not read the status presses', error);
        setPresses(NONE);
      },
    });
    return () => subscription.unsubscribe();
    // The query is rebuilt each render; what it reads is in deps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [database, ...deps]);
  return presses;
}

/** One job's presses, in the order pressed. */
export function useJobPresses(jobRef: string, database: DriverDb = driverDb) {
  return usePressQuery(
    (db) => db.presses.where('jobRef').equals(jobRef).sortBy('id'),
    [jobRef],
    database,
  );
}

/** The driver's presses the server refused, not yet dismissed. */
export function useRefusedPresses(driverId: number, database: DriverDb = driverDb) {
  return usePressQuery(
    (db) =>
      db.presses
        .filter((press) => press.state === 'refused' && press.driverId === driverId)
        .toArray(),
    [driverId],
    database,
  );
}
