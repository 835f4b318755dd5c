import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { createEventStreams, type EventStreams } from '../../src/server/http/event-stream';
import { createLiveHub, type LiveHub } from '../../src/server/services/live/live-hub';
import { publishLive, readNotice } from '../../src/server/services/live/live-notices';
import { openEvents } from './live-fixtures';

/**
 * The event streams on their own (issue 34): a real HTTP server, a real LISTEN on PGlite, and
 * notices published in transactions. How a stream starts, beats, and ends — when the client
 * goes, when its caller is no longer allowed, when the notices may have been missed, and when
 * the server closes — without any of the routes that use it.
 */
describe('an event stream', () => {
  let handle: DatabaseHandle;
  let hub: LiveHub;
  let app: FastifyInstance;
  let streams: EventStreams;
  let base: string;
  let allowed = true;

  async function startServer(): Promise<void> {
    app = Fastify();
    streams = createEventStreams(hub, { heartbeatMs: 100 });
    app.addHook('preClose', (done) => {
      streams.closeAll();
      done();
    });
    app.get('/company/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      streams.stream(request, reply, {
        keys: [`company:${Number(id)}`],
        stillAllowed: async () => allowed,
      });
      return reply;
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'memory' });
    hub = createLiveHub(handle, { error: () => undefined });
    await hub.start();
    await startServer();
  });
  afterAll(async () => {
    await app?.close();
    await hub?.stop();
    await handle?.close();
  });

  it('starts with a retry line, beats every interval, and carries only its keys’ events on commit', async () => {
    const seven = await openEvents(`${base}/company/7`);
    const eight = await openEvents(`${base}/company/8`);
    expect(seven.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(seven.response.headers.get('cache-control')).toBe('no-store');
    expect(seven.retryMs).toBeGreaterThanOrEqual(3_000);
    expect(seven.retryMs).toBeLessThan(5_000);

    // A rolled-back change says nothing; a committed one reaches its company only.
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await publishLive(trx, { companyId: 7, event: { type: 'jobs', job_ref: 'ROLLED' } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await handle.db.transaction().execute(async (trx) => {
      await publishLive(trx, { companyId: 7, event: { type: 'jobs', job_ref: '710000011' } });
      // Nothing leaves before the commit.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(seven.events).toEqual([]);
    });
    expect(await seven.next((e) => e.job_ref === '710000011')).toEqual({
      type: 'jobs',
      job_ref: '710000011',
    });
    await expect
      .poll(() => seven.comments.filter((c) => c === 'heartbeat').length)
      .toBeGreaterThan(1);
    expect(seven.events.map((e) => e.job_ref)).toEqual(['710000011']);
    expect(eight.events).toEqual([]);
    seven.close();
    eight.close();
  });

  it('forgets a client that goes away', async () => {
    const reader = await openEvents(`${base}/company/9`);
    expect(streams.count()).toBe(1);
    expect(hub.listenerCount()).toBe(1);
    reader.close();
    await expect.poll(() => streams.count()).toBe(0);
    expect(hub.listenerCount()).toBe(0);
  });

  it('ends when its caller is no longer allowed, and when notices may have been missed', async () => {
    const refused = await openEvents(`${base}/company/10`);
    allowed = false;
    await refused.ended;
    allowed = true;
    expect(streams.count()).toBe(0);

    // A lost listening connection: the screens reconnect and fetch all again.
    const lost = createLiveHub(
      {
        schema: 'public',
        listen: async (_channel, handlers) => {
          setTimeout(() => handlers.missed(), 50);
          return async () => undefined;
        },
      },
      { error: () => undefined },
    );
    const other = createEventStreams(lost);
    const server = Fastify();
    server.get('/', async (request, reply) => {
      other.stream(request, reply, { keys: ['all'] });
      return reply;
    });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    const reset = await openEvents(url);
    await lost.start();
    await reset.ended;
    await server.close();
  });

  it('reads back only notices of its own shape', () => {
    expect(readNotice('not json')).toBeUndefined();
    expect(readNotice('{"event":{"type":"gossip"}}')).toBeUndefined();
    expect(readNotice('{"company_id":3,"driver_ids":[4,"x"],"event":{"type":"offer"}}')).toEqual({
      company_id: 3,
      driver_ids: [4],
      booking_id: null,
      event: { type: 'offer' },
    });
  });

  it('ends every stream when the server closes, without holding the close up', async () => {
    const readers = await Promise.all([1, 2, 3].map((id) => openEvents(`${base}/company/${id}`)));
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    await Promise.all(readers.map((reader) => reader.ended));
    expect(streams.count()).toBe(0);
    await startServer();
  });
});
