import { PlaceholderPage } from '../../placeholder/components/placeholder-page';

/** Step 3 Personal Detail (spec: Personal details page). */
export function PersonalDetailsPage() {
  return <PlaceholderPage title="Personal Details" />;
}
