/// <reference types="google.maps" />
import { DirectionsRenderer, DirectionsService, GoogleMap, MarkerF } from '@react-google-maps/api';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useGoogleMaps } from '../lib/google-maps';
import { MAP_HEIGHT_PX, type MapPlace, type RouteMapProps } from './route-map-props';

/**
 * The map itself, loaded on demand by route-map.tsx. Mileage bookings show the driving route
 * with the stops as waypoints and red markers at every point; hourly bookings a marker at the
 * pickup. Any failure (script, directions, geocoding) leaves the box empty and is only logged.
 */

/** Central London: the spec's fallback position when nothing better is known. */
const LONDON = { lat: 51.5074, lng: -0.1278 };
const CONTAINER_STYLE = { width: '100%', height: `${MAP_HEIGHT_PX}px` };
const MAP_OPTIONS: google.maps.MapOptions = {
  disableDefaultUI: true,
  zoomControl: true,
  clickableIcons: false,
  gestureHandling: 'cooperative',
};

function toRequestPlace(place: MapPlace): string | google.maps.LatLngLiteral {
  return place.location ?? place.address;
}

function RouteLayer({
  pickup,
  dropoff,
  stops,
}: Required<Pick<RouteMapProps, 'pickup' | 'dropoff'>> & {
  stops: readonly MapPlace[];
}) {
  const request = useMemo<google.maps.DirectionsRequest>(
    () => ({
      origin: toRequestPlace(pickup),
      destination: toRequestPlace(dropoff),
      waypoints: stops.map((stop) => ({ location: toRequestPlace(stop), stopover: true })),
      travelMode: google.maps.TravelMode.DRIVING,
      region: 'GB',
    }),
    [pickup, dropoff, stops],
  );
  const requestKey = JSON.stringify(request);
  const [answer, setAnswer] = useState<{
    key: string;
    result: google.maps.DirectionsResult | null;
  }>();
  const current = answer?.key === requestKey ? answer : undefined;

  const points = useMemo(() => {
    const legs = current?.result?.routes[0]?.legs ?? [];
    const first = legs[0];
    if (!first) return [];
    return [first.start_location, ...legs.map((leg) => leg.end_location)];
  }, [current]);

  return (
    <>
      {/* The service asks again on every update: mount it only until this request is answered. */}
      {current ? null : (
        <DirectionsService
          options={request}
          callback={(result, status) => {
            if (status !== 'OK') console.error('No driving route for the map:', status);
            setAnswer({ key: requestKey, result: status === 'OK' ? result : null });
          }}
        />
      )}
      {current?.result ? (
        <DirectionsRenderer
          directions={current.result}
          options={{ suppressMarkers: true, preserveViewport: false }}
        />
      ) : null}
      {/* Google's default pin is the red marker: pickup, each stop and the drop-off. */}
      {points.map((point, index) => (
        <MarkerF key={index} position={point} />
      ))}
    </>
  );
}

function PickupLayer({
  pickup,
  onPosition,
}: {
  pickup: MapPlace;
  onPosition: (at: google.maps.LatLngLiteral) => void;
}) {
  const [geocoded, setGeocoded] = useState<{ address: string; at: google.maps.LatLngLiteral }>();
  const known = pickup.location ?? (geocoded?.address === pickup.address ? geocoded.at : undefined);

  useEffect(() => {
    if (pickup.location) return;
    let cancelled = false;
    new google.maps.Geocoder()
      .geocode({ address: pickup.address, region: 'GB' })
      .then(({ results }) => {
        const location = results[0]?.geometry.location;
        if (!cancelled && location) {
          setGeocoded({ address: pickup.address, at: location.toJSON() });
        }
      })
      .catch((error: unknown) => console.error('Could not place the pickup on the map', error));
    return () => {
      cancelled = true;
    };
  }, [pickup.address, pickup.location]);

  useEffect(() => {
    if (known) onPosition(known);
  }, [known, onPosition]);

  return known ? <MarkerF position={known} /> : null;
}

export function RouteMapCanvas({ apiKey, mode, pickup, dropoff, stops, label }: RouteMapProps) {
  const { isLoaded, loadError } = useGoogleMaps(apiKey);
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const stopList = useMemo(() => stops ?? [], [stops]);
  const onPosition = useCallback(
    (at: google.maps.LatLngLiteral) => {
      map?.setCenter(at);
      map?.setZoom(14);
    },
    [map],
  );

  // A failed load was already logged by the loader; the booking goes on without a map.
  if (loadError) return null;
  if (!isLoaded) return <div style={CONTAINER_STYLE} aria-hidden="true" />;

  const showRoute = mode === 'route' && dropoff && dropoff.address.trim() !== '';
  return (
    <div role="region" aria-label={label ?? 'Map'}>
      <GoogleMap
        mapContainerStyle={CONTAINER_STYLE}
        center={pickup.location ?? LONDON}
        zoom={pickup.location ? 13 : 9}
        options={MAP_OPTIONS}
        onLoad={setMap}
        onUnmount={() => setMap(null)}
      >
        {showRoute ? (
          <RouteLayer pickup={pickup} dropoff={dropoff} stops={stopList} />
        ) : (
          <PickupLayer pickup={pickup} onPosition={onPosition} />
        )}
      </GoogleMap>
    </div>
  );
}
