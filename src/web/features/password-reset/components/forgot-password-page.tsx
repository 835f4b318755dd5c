import { PlaceholderPage } from '../../placeholder/components/placeholder-page';

/** Forgot password in three steps (spec: Forgot password). */
export function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot Password" />;
}
