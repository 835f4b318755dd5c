/**
 * Stripe.js on the payment step only (it is imported nowhere else, so it never reaches the
 * main bundle). Loading it before going to Checkout lets Stripe collect its fraud signals; a
 * blocked or slow script must not stop the payment, so it is given a few seconds at most.
 */
const STRIPE_WAIT_MS = 5_000;

export async function prepareStripe(publishableKey: string): Promise<void> {
  try {
    const { loadStripe } = await import('@stripe/stripe-js');
    await Promise.race([
      loadStripe(publishableKey),
      new Promise((resolve) => setTimeout(resolve, STRIPE_WAIT_MS)),
    ]);
  } catch (error) {
    console.warn('Stripe.js did not load; continuing to checkout', error);
  }
}
