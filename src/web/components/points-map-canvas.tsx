/// <reference types="google.maps" />
import { GoogleMap, MarkerF, PolylineF } from '@react-google-maps/api';
import { useEffect, useRef, useState } from 'react';
import { useGoogleMaps } from '../lib/google-maps';
import {
  POINT_COLOURS,
  POINTS_MAP_HEIGHT_PX,
  type MapPoint,
  type PointsMapProps,
} from './points-map-props';

/** Central London: where the map starts before it knows better. */
const LONDON = { lat: 51.5074, lng: -0.1278 };
const MAP_OPTIONS: google.maps.MapOptions = {
  disableDefaultUI: true,
  zoomControl: true,
  clickableIcons: false,
  gestureHandling: 'cooperative',
};

function icon(point: MapPoint): google.maps.Symbol {
  return {
    path: google.maps.SymbolPath.CIRCLE,
    scale: 11,
    fillColor: POINT_COLOURS[point.kind],
    fillOpacity: 1,
    strokeColor: '#ffffff',
    strokeWeight: 2,
  };
}

/**
 * Brings every point into view when the set of points changes (a driver comes on duty), and
 * follows a single point (the passenger's car) as it moves; otherwise leaves the view where the
 * reader put it.
 */
function useFitView(map: google.maps.Map | null, places: readonly google.maps.LatLngLiteral[]) {
  const fitted = useRef('');
  const key = places.length === 1 ? JSON.stringify(places[0]) : String(places.length);
  useEffect(() => {
    if (!map || places.length === 0 || fitted.current === key) return;
    const first = fitted.current === '';
    fitted.current = key;
    if (places.length === 1) {
      map.panTo(places[0]!);
      if (first) map.setZoom(14);
      return;
    }
    const bounds = new google.maps.LatLngBounds();
    for (const place of places) bounds.extend(place);
    map.fitBounds(bounds, 40);
  }, [map, places, key]);
}

/** Google's map of the points, loaded on demand by points-map.tsx. */
export function PointsMapCanvas({
  apiKey,
  points,
  path = [],
  label,
  height = POINTS_MAP_HEIGHT_PX,
}: PointsMapProps) {
  const { isLoaded, loadError } = useGoogleMaps(apiKey);
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const places = [...points, ...path].map(({ lat, lng }) => ({ lat, lng }));
  useFitView(map, places);
  // Where the map opens; afterwards the view is useFitView's and the reader's (a new centre on
  // every render would pull the map back at each update).
  const [start] = useState(() => ({ center: places[0] ?? LONDON, zoom: places.length ? 13 : 6 }));

  // A failed load was already logged by the loader; the page goes on without a map.
  if (loadError) return null;
  const style = { width: '100%', height: `${height}px` };
  if (!isLoaded) return <div style={style} aria-hidden="true" />;
  return (
    <div role="region" aria-label={label}>
      <GoogleMap
        mapContainerStyle={style}
        center={start.center}
        zoom={start.zoom}
        options={MAP_OPTIONS}
        onLoad={setMap}
        onUnmount={() => setMap(null)}
      >
        {path.length > 1 ? (
          <PolylineF
            path={path.map(({ lat, lng }) => ({ lat, lng }))}
            options={{ strokeColor: '#1e3a8a', strokeWeight: 3 }}
          />
        ) : null}
        {points.map((point) => (
          <MarkerF
            key={point.id}
            position={{ lat: point.lat, lng: point.lng }}
            title={point.label}
            icon={icon(point)}
            label={{ text: point.short, color: '#ffffff', fontSize: '10px', fontWeight: '700' }}
          />
        ))}
      </GoogleMap>
    </div>
  );
}
