import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { MAP_HEIGHT_PX, type RouteMapProps } from './route-map-props';

// Google's script and the map library load only when a map is really shown.
const RouteMapCanvas = lazy(() =>
  import('./route-map-canvas').then((module) => ({ default: module.RouteMapCanvas })),
);
// The sketch and its outline of Britain load only where it is drawn, never with the home page.
const RouteSketch = lazy(() =>
  import('./route-sketch').then((module) => ({ default: module.RouteSketch })),
);

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser says it has a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** A map that fails (script blocked, quota, a chunk missing offline) leaves no trace but a log. */
export class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The map could not be shown', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The route or pickup map, 200px high. Without a GOOGLE_API_KEY, or offline, it is the route
 * sketch (route-sketch.tsx) drawn from the quote's positions, or nothing when there are none;
 * nothing of Google's loads until its map renders.
 */
export function RouteMap(props: RouteMapProps) {
  const online = useOnline();
  const apiKey = props.apiKey?.trim() ?? '';
  if (!props.pickup.address.trim()) return null;
  const placeholder = <div style={{ height: MAP_HEIGHT_PX }} aria-hidden="true" />;
  return (
    <MapErrorBoundary>
      <Suspense fallback={placeholder}>
        {apiKey && online ? (
          <RouteMapCanvas {...props} apiKey={apiKey} />
        ) : (
          <RouteSketch {...props} />
        )}
      </Suspense>
    </MapErrorBoundary>
  );
}
