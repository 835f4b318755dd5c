import type { Vehicle } from '../../../../domain/fleet';
import { FleetGrid } from '../../../components/fleet-grid';
import { Section } from '../../../components/section';

/** Every fleet category as cards (SHOW_COMPANY_FLEET_VIEW_SECTION). */
export function FleetSection({ vehicles }: { vehicles: readonly Vehicle[] }) {
  if (vehicles.length === 0) return null;
  return (
    <Section title="Our Fleet">
      <FleetGrid vehicles={vehicles} />
    </Section>
  );
}
