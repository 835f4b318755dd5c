import type { Vehicle } from '../../domain/fleet';
import { FleetCard } from './fleet-card';
import styles from './sections.module.css';

/** Cards in the first row on the narrowest screens. */
const FIRST_ROW = 2;

type FleetGridProps = {
  vehicles: readonly Vehicle[];
  headingLevel?: 'h2' | 'h3';
};

/** Every fleet category as cards, two to four a row depending on the width. */
export function FleetGrid({ vehicles, headingLevel }: FleetGridProps) {
  return (
    <div className={styles.fleetGrid}>
      {vehicles.map((vehicle, index) => (
        <FleetCard
          key={vehicle.tbms_vid}
          vehicle={vehicle}
          headingLevel={headingLevel}
          // The first row is the largest thing a phone paints (Lighthouse's LCP element).
          priority={index < FIRST_ROW}
        />
      ))}
    </div>
  );
}
