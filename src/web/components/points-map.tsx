import { lazy, Suspense } from 'react';
import { useOnline } from '../lib/use-online';
import { POINTS_MAP_HEIGHT_PX, type PointsMapProps } from './points-map-props';
import { MapErrorBoundary } from './route-map';

// Google's script and the map library load only when a map is really shown.
const PointsMapCanvas = lazy(() =>
  import('./points-map-canvas').then((module) => ({ default: module.PointsMapCanvas })),
);
// The sketch and its outline of Britain load only where it is drawn.
const PointsSketch = lazy(() =>
  import('./points-sketch').then((module) => ({ default: module.PointsSketch })),
);

/**
 * Live points on a map (points-map-props.ts): Google's map with markers when the GOOGLE_API_KEY
 * setting holds a key and the device is online, else the route sketch's outline of Great
 * Britain with the points drawn and described in words. Nothing without a point to show.
 */
export function PointsMap(props: PointsMapProps) {
  const online = useOnline();
  const apiKey = props.apiKey?.trim() ?? '';
  if (props.points.length === 0 && (props.path ?? []).length === 0) return null;
  const placeholder = (
    <div style={{ height: props.height ?? POINTS_MAP_HEIGHT_PX }} aria-hidden="true" />
  );
  return (
    <MapErrorBoundary>
      <Suspense fallback={placeholder}>
        {apiKey && online ? (
          <PointsMapCanvas {...props} apiKey={apiKey} />
        ) : (
          <PointsSketch {...props} />
        )}
      </Suspense>
    </MapErrorBoundary>
  );
}
