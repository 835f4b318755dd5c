import type { Vehicle } from '../../domain/fleet';
import { FleetCard } from './fleet-card';
import styles from './sections.module.css';

/** Cards in the first row on the narrowest screens. */
const FIRST_ROW = 2;

type FleetGridProps = {
  vehicles: readonly Vehicle[];
  headingLevel?: 'h2' | 'h3';
  /**
   * The first row is fetched at once, ahead of the rest: on the fleet page it is the largest
   * thing a phone paints. Not below the home page's first screen, where it would compete with
   * what is on screen.
   */
  firstRowFirst?: boolean;
};

/** Every fleet category as cards, two to four a row depending on the width. */
export function FleetGrid({ vehicles, headingLevel, firstRowFirst = false }: FleetGridProps) {
  return (
    <div className={styles.fleetGrid}>
      {vehicles.map((vehicle, index) => (
        <FleetCard
          key={vehicle.tbms_vid}
          vehicle={vehicle}
          headingLevel={headingLevel}
          priority={firstRowFirst && index < FIRST_ROW}
        />
      ))}
    </div>
  );
}
