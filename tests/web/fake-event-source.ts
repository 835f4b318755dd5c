import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { LiveEvent } from '../../src/contract/driver';

/**
 * jsdom has no EventSource: a stand-in the test drives, opening, sending events and failing
 * as the server's stream would. `FakeEventSource.instances` holds every one made, newest last.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  /** The server answered with a stream. */
  open(): void {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  /** One event, as the server writes it: a `data:` line of its JSON. */
  send(event: LiveEvent): void {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
    });
  }

  /** The connection dropped (EventSource tries again by itself) or was refused (it gives up). */
  fail(refused = false): void {
    act(() => {
      this.readyState = refused ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }
}

/** Puts the stand-in in place of EventSource; undo with vi.unstubAllGlobals(). */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The open (not closed) streams to `path`, e.g. '/api/v1/operator/events'. */
export function streamsTo(path: string): FakeEventSource[] {
  return FakeEventSource.instances.filter(
    (source) => !source.closed && new URL(source.url, 'http://localhost').pathname === path,
  );
}
