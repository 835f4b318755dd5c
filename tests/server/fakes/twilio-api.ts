import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as the fake received it, from the SDK's form post. */
export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
  /** The Basic credentials the SDK sent: account SID and auth token. */
  authorization: string;
  createdAt: Date;
}

/**
 * A local HTTP server speaking the part of Twilio's REST API the SDK's messages.create and
 * messages.list use: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To,
 * From, Body and StatusCallback, answering 201 with the message resource (sid SM…, status
 * "queued"), or Twilio's error body ({code, message, more_info, status}) for numbers listed in
 * `refuse`; GET of the same path with To and From, answering a page of messages, newest first.
 */
export async function startFakeTwilio(options: { refuse?: Record<string, number> } = {}) {
  const messages: FakeTwilioMessage[] = [];
  let down = false;
  let losing = false;
  /** Every GET of the message list (a try looking for a text an earlier one sent). */
  let lookups = 0;
  /** Every POST that reached the fake, answered or not. */
  let attempts = 0;
  const server = createServer((request, response) => {
    if (request.method === 'POST') attempts += 1;
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(request.url ?? '');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (down) {
        send(503, { code: 20503, message: 'Service unavailable', status: 503 });
        return;
      }
      const listed = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json(\?.*)?$/.exec(
        request.url ?? '',
      );
      if (request.method === 'GET' && listed?.[1]) {
        lookups += 1;
        send(200, listPage(listed[1], new URLSearchParams(listed[2] ?? '')));
        return;
      }
      if (request.method !== 'POST' || !match?.[1]) {
        send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const refused = options.refuse?.[to];
      if (refused) {
        send(400, {
          code: refused,
          message: `The 'To' number ${to} is not a valid mobile number.`,
          more_info: `https://www.twilio.com/docs/errors/${refused}`,
          status: 400,
        });
        return;
      }
      const message: FakeTwilioMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        accountSid: match[1],
        to,
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback') ?? undefined,
        authorization: Buffer.from(
          (request.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        ).toString('utf8'),
        createdAt: new Date(),
      };
      messages.push(message);
      // Made, and the answer lost on the way back (a gateway's error in its place).
      if (losing) {
        send(502, { code: 20500, message: 'Bad gateway', status: 502 });
        return;
      }
      send(201, resource(message));
    });
  });
  /** A message as Twilio's API gives it. */
  const resource = (message: FakeTwilioMessage) => ({
    sid: message.sid,
    account_sid: message.accountSid,
    to: message.to,
    from: message.from,
    body: message.body,
    status: 'queued',
    num_segments: '1',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    date_created: message.createdAt.toUTCString(),
    date_updated: message.createdAt.toUTCString(),
    date_sent: null,
    error_code: null,
    error_message: null,
    price: null,
    price_unit: 'USD',
    uri: `/2010-04-01/Accounts/${message.accountSid}/Messages/${message.sid}.json`,
  });
  /** GET Messages.json?To=&From=&PageSize=: the newest first, one page. */
  const listPage = (account: string, query: URLSearchParams) => {
    const uri = `/2010-04-01/Accounts/${account}/Messages.json`;
    const to = query.get('To');
    const from = query.get('From');
    const found = messages
      .filter((message) => message.accountSid === account)
      .filter((message) => (!to || message.to === to) && (!from || message.from === from))
      .reverse()
      .slice(0, Number(query.get('PageSize') ?? 50));
    return {
      messages: found.map(resource),
      page: 0,
      page_size: found.length,
      start: 0,
      end: Math.max(0, found.length - 1),
      uri,
      first_page_uri: uri,
      next_page_uri: null,
      previous_page_uri: null,
    };
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    lookups: () => lookups,
    /**
     * While on, a text is made but its answer is lost: a 502 comes back instead, as from a
     * gateway between us and Twilio. The text was sent; a retry must not send it again.
     */
    loseAnswers(on: boolean) {
      losing = on;
    },
    /** Every call answers 503 (a failure to retry) while true. */
    setDown(on: boolean) {
      down = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
