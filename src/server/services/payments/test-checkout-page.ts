import { formatMoney, pence } from '../../../domain/money';

/** Escapes text for HTML element content and attribute values. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const TEST_MODE_BANNER = 'TEST MODE — no real card is charged';

/**
 * The local test checkout page: plain HTML, no script (the CSP allows none inline), two real
 * buttons in forms that POST back here. It looks nothing like a real card form on purpose.
 */
export function testCheckoutPage(input: {
  sessionId: string;
  basePath: string;
  amountPence: number;
  description: string;
  open: boolean;
}): string {
  const amount = formatMoney(pence(input.amountPence), '£');
  const action = `${input.basePath}/${encodeURIComponent(input.sessionId)}`;
  const body = input.open
    ? `<p>You are paying <strong>${amount}</strong> for:</p>
    <p class="what">${escapeHtml(input.description)}</p>
    <div class="actions">
      <form method="post" action="${action}/pay"><button type="submit" class="pay">Pay ${amount}</button></form>
      <form method="post" action="${action}/cancel"><button type="submit" class="cancel">Cancel</button></form>
    </div>`
    : `<p>This checkout is closed: it has already been paid or cancelled.</p>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Test checkout (${amount})</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; color: #1a202c; background: #f7fafc; }
    .banner { background: #c53030; color: #fff; font-size: 1.75rem; font-weight: 700;
      padding: 1.25rem; text-align: center; }
    main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff;
      border: 1px solid #cbd5e0; border-radius: 0.5rem; }
    .what { font-weight: 600; }
    .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
    button { font-size: 1.125rem; padding: 0.75rem 1.5rem; border-radius: 0.375rem;
      border: 2px solid #2b6cb0; cursor: pointer; }
    button:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
    .pay { background: #2b6cb0; color: #fff; }
    .cancel { background: #fff; color: #2b6cb0; }
  </style>
</head>
<body>
  <div class="banner" role="alert">${TEST_MODE_BANNER}</div>
  <main>
    <h1>Test checkout</h1>
    ${body}
  </main>
</body>
</html>
`;
}
