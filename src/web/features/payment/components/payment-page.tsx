import { PlaceholderPage } from '../../placeholder/components/placeholder-page';

/** Step 4 Payment (spec: Payment page). */
export function PaymentPage() {
  return <PlaceholderPage title="Payment" />;
}
