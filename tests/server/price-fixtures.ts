import { expect } from 'vitest';
import type { RateCardWire } from '../../src/contract/operator-prices';
import { rateCardsResponseSchema } from '../../src/contract/operator-prices';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { API_HEADERS } from './helpers';
import type { TestApp } from './helpers';
import { CONSOLE_ORIGIN } from './operator-fixtures';

export const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;

/** A console call of any method (operator-fixtures' consoleCall has no PUT or DELETE). */
export function priceCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  session: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: {
      ...API_HEADERS,
      host: 'localhost:80',
      ...(method === 'GET' ? {} : { origin: CONSOLE_ORIGIN }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: `${OPERATOR_SESSION_COOKIE}=${session}`,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The rate cards a session sees (`query` e.g. '?company_id=2'). */
export async function rateCards(t: TestApp, session: string, query = ''): Promise<RateCardWire[]> {
  const res = await priceCall(t, 'GET', `/operator/rate-cards${query}`, session);
  expect(res.statusCode, res.body).toBe(200);
  return rateCardsResponseSchema.parse(res.json()).rate_cards;
}

/** A card as PUT takes it: its fields, `changes` over them, and its version. */
export function cardBody(card: RateCardWire, changes: Partial<RateCardWire> = {}) {
  const { base_fare, minimum_fare, mile_bands, hourly_rates, version } = { ...card, ...changes };
  return { base_fare, minimum_fare, mile_bands, hourly_rates, version };
}
