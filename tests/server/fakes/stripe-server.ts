import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe's wire format the payment provider uses:
 * POST /v1/checkout/sessions (form-encoded, as the SDK sends it) and
 * GET /v1/checkout/sessions/:id, answering Stripe-shaped JSON. Tests mark sessions paid and
 * build the checkout.session.completed events Stripe would send, and can make it stall: accept
 * every request and answer none, as a Stripe that does not answer.
 */

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  url: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  line_items_sent: unknown;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
}

export interface RecordedRefund {
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

export interface RecordedCreate {
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: Record<string, unknown>;
}

/** `a[b][0][c]=1` into nested objects, as Stripe reads form bodies. */
function setNested(target: Record<string, unknown>, key: string, value: string): void {
  const parts = key.replace(/\]/g, '').split('[');
  let node: Record<string, unknown> = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      node[part] = value;
      return;
    }
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  });
}

function parseForm(body: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) setNested(params, key, value);
  return params;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers that are never sent (loseAnswers): the work is done, the connection stays silent. */
const lost = new WeakSet<ServerResponse>();

function send(response: ServerResponse, status: number, body: unknown): void {
  if (lost.has(response)) return;
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  response.end(JSON.stringify(body));
}

export interface FakeStripe {
  /** http://127.0.0.1:port, for STRIPE_API_BASE_URL. */
  url: string;
  sessions: Map<string, FakeCheckoutSession>;
  creates: RecordedCreate[];
  /** Marks a session paid, as Checkout does when the card is charged; returns it. */
  pay(sessionId: string, options?: { amountTotal?: number }): FakeCheckoutSession;
  /** The JSON body of the checkout.session.completed event for a session, as Stripe posts it. */
  completedEvent(sessionId: string): string;
  /** Every refund made, by id; a replayed Idempotency-Key answers the first one. */
  refunds: Map<string, FakeRefund>;
  /** Every POST /v1/refunds, replays included. */
  refundRequests: RecordedRefund[];
  /** Every GET /v1/refunds/:id, by refund id. */
  refundLookups: string[];
  /**
   * What the next refunds do: 'succeeded' (the default), 'pending' (settled later by an
   * event), or 'decline' (a 402 card_error, as when the card account is closed).
   */
  refundMode: 'succeeded' | 'pending' | 'decline';
  /**
   * Settles a payment's refunds as `state` and answers the JSON body of charge.refunded, as
   * Stripe posts it since API version 2022-11-15: the charge without its refunds list.
   */
  chargeRefundedEvent(paymentIntent: string, state?: 'succeeded' | 'failed'): string;
  /** From now on, requests are accepted and held without an answer. */
  stall(): void;
  /** Requests that arrived while stalled (answered or not). */
  readonly stalledRequests: number;
  /** The Idempotency-Key of each request that arrived while stalled (empty when it had none). */
  readonly stalledKeys: readonly string[];
  /** Stops stalling and answers the held requests whose client is still waiting. */
  resume(): void;
  /**
   * While on, requests are carried out (a refund is made) but never answered, as when the
   * connection drops after Stripe acted.
   */
  loseAnswers(on: boolean): void;
  close(): Promise<void>;
}

/** The app's configuration for paying through this fake, with the webhook signed by `webhookSecret`. */
export function fakeStripeConfig(fake: FakeStripe, webhookSecret: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE_URL: fake.url,
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const byIdempotencyKey = new Map<string, string>();
  const creates: RecordedCreate[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, string>();
  const refundRequests: RecordedRefund[] = [];
  const refundLookups: string[] = [];
  const fake = { refundMode: 'succeeded' as FakeStripe['refundMode'] };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const params = parseForm(await readBody(request));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      creates.push({ idempotencyKey, authorization: request.headers.authorization, params });
      const earlier = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
      if (earlier) return send(response, 200, sessions.get(earlier));
      const items = params.line_items as Record<string, Record<string, unknown>>;
      const first = items['0'];
      if (!first)
        return send(response, 400, {
          error: { type: 'invalid_request_error', message: 'line_items required' },
        });
      const priceData = first.price_data as Record<string, unknown>;
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: String(params.mode),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(priceData.unit_amount) * Number(first.quantity),
        currency: String(priceData.currency),
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        payment_intent: null,
        line_items_sent: items,
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(response, 200, session);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const params = parseForm(await readBody(request));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      refundRequests.push({ idempotencyKey, params });
      const earlier = idempotencyKey && refundByKey.get(idempotencyKey);
      if (earlier) return send(response, 200, refunds.get(earlier));
      if (fake.refundMode === 'decline') {
        return send(response, 402, {
          error: { type: 'card_error', code: 'card_declined', message: 'The refund was declined.' },
        });
      }
      const intent = String(params.payment_intent ?? '');
      const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
      const amount = Number(params.amount);
      if (!paid || !Number.isSafeInteger(amount) || amount <= 0) {
        return send(response, 400, {
          error: { type: 'invalid_request_error', message: `No such payment_intent: '${intent}'` },
        });
      }
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_intent === intent && refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount, 0);
      if (refunded + amount > paid.amount_total) {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge`,
          },
        });
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: paid.currency,
        payment_intent: intent,
        status: fake.refundMode === 'pending' ? 'pending' : 'succeeded',
        metadata: (params.metadata ?? {}) as Record<string, string>,
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) refundByKey.set(idempotencyKey, refund.id);
      return send(response, 200, refund);
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && refundPath) {
      const id = decodeURIComponent(refundPath[1] ?? '');
      refundLookups.push(id);
      const refund = refunds.get(id);
      if (!refund) {
        return send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such refund: '${id}'`,
          },
        });
      }
      return send(response, 200, refund);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ''));
      if (!session) {
        return send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${match[1]}'`,
          },
        });
      }
      return send(response, 200, session);
    }
    send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
    });
  }

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  };
  let stalled = false;
  let stalledRequests = 0;
  const stalledKeys: string[] = [];
  let held: (() => void)[] = [];
  let losing = false;
  const server: Server = createServer((request, response) => {
    if (losing) lost.add(response);
    if (!stalled) return answer(request, response);
    stalledRequests += 1;
    const key = request.headers['idempotency-key'];
    stalledKeys.push(typeof key === 'string' ? key : '');
    held.push(() => {
      if (!response.destroyed) answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    creates,
    refunds,
    refundRequests,
    refundLookups,
    get refundMode() {
      return fake.refundMode;
    },
    set refundMode(mode) {
      fake.refundMode = mode;
    },
    chargeRefundedEvent(paymentIntent, state = 'succeeded') {
      const own = [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
      for (const refund of own) refund.status = state;
      const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      return JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'charge.refunded',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `ch_${randomBytes(12).toString('hex')}`,
            object: 'charge',
            amount: session?.amount_total ?? 0,
            amount_refunded: own.reduce((sum, refund) => sum + refund.amount, 0),
            payment_intent: paymentIntent,
            refunded: true,
          },
        },
      });
    },
    pay(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_${randomBytes(12).toString('hex')}`;
      if (options.amountTotal !== undefined) session.amount_total = options.amountTotal;
      return session;
    },
    completedEvent(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      return JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
    },
    stall() {
      stalled = true;
    },
    get stalledRequests() {
      return stalledRequests;
    },
    stalledKeys,
    resume() {
      stalled = false;
      const waiting = held;
      held = [];
      for (const run of waiting) run();
    },
    loseAnswers(on) {
      losing = on;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // Held and kept-alive sockets would keep close waiting.
        server.closeAllConnections();
      }),
  };
}
