import { PaymentResultPlaceholder } from '../../placeholder/components/placeholder-page';

/** /payment-success, /paymentSuccessView and /payment-cancel (spec: Payment result page). */
export function PaymentResultPage({ canceled = false }: { canceled?: boolean }) {
  return <PaymentResultPlaceholder canceled={canceled} />;
}
