import { vehicleImageUrl, type Vehicle } from '../../domain/fleet';
import { BagIcon, SuitcaseIcon, UsersIcon } from './icons';
import styles from './sections.module.css';

/**
 * Box of every fleet image (the demo images are 400x200). The attributes and the fixed aspect
 * ratio reserve the space before the image arrives, whatever its own shape, so nothing jumps.
 */
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 200;

type FleetCardProps = {
  vehicle: Vehicle;
  /** h3 inside a section with its own h2; h2 directly under a page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** Above the fold on a phone: fetch the image at once, first, rather than lazily. */
  priority?: boolean;
};

/** One fleet category: image, name and what it carries (spec section 2, fleet cards). */
export function FleetCard({ vehicle, headingLevel = 'h3', priority = false }: FleetCardProps) {
  const Heading = headingLevel;
  return (
    <article className={`${styles.card} ${styles.fleetCard}`}>
      <div className={styles.fleetImage}>
        <img
          src={vehicleImageUrl(vehicle.vehicle_img)}
          alt={vehicle.category_name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          style={{ aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}` }}
        />
      </div>
      <div className={styles.fleetBody}>
        <Heading className={styles.cardHeading}>{vehicle.category_name}</Heading>
        <ul className={styles.facts}>
          <li className={styles.fact}>
            <UsersIcon />
            <span>Up to {vehicle.seats} Passenger</span>
          </li>
          <li className={styles.fact}>
            <SuitcaseIcon />
            <span>{vehicle.luggage} large suitcases</span>
          </li>
          <li className={styles.fact}>
            <BagIcon />
            <span>{vehicle.hand_luggage} medium suitcases</span>
          </li>
        </ul>
      </div>
    </article>
  );
}
