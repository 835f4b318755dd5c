import { Box, Text } from '@chakra-ui/react';
import type { LatLng } from '../../domain/booking-form';
import { GB_OUTLINE } from './gb-outline';
import { MAP_HEIGHT_PX, type MapPlace, type RouteMapProps } from './route-map-props';
import { sketchView, svgPath, type SketchSize } from './route-sketch-view';

/**
 * The map widget without Google (no GOOGLE_API_KEY, or offline): the places where the server
 * put them, joined by a straight line, on a rough outline of Great Britain. Said to be a
 * sketch in words, so no one takes the line for the road. Loaded on demand by route-map.tsx.
 */

export const SKETCH_CAPTION = 'Route sketch — not a road map';

const CAPTION_PX = 24;
const SIZE: SketchSize = { width: 320, height: MAP_HEIGHT_PX - CAPTION_PX };

type Marker = { kind: 'pickup' | 'stop' | 'dropoff'; label: string; address: string; at: LatLng };

/** Where a place is drawn: the server's point, else the maps service's, else nowhere. */
function positionOf(place: MapPlace): LatLng | null {
  return place.placed ?? place.location ?? null;
}

/** The markers in route order; a route whose pickup or drop-off has no position has none. */
function markersOf({ mode, pickup, dropoff, stops = [] }: RouteMapProps): Marker[] {
  const start = positionOf(pickup);
  if (!start) return [];
  const first: Marker = { kind: 'pickup', label: 'A', address: pickup.address, at: start };
  if (mode === 'pickup' || !dropoff) return [first];
  const end = positionOf(dropoff);
  if (!end) return [];
  const middle = stops.flatMap((stop, index): Marker[] => {
    const at = positionOf(stop);
    return at ? [{ kind: 'stop', label: String(index + 1), address: stop.address, at }] : [];
  });
  return [first, ...middle, { kind: 'dropoff', label: 'B', address: dropoff.address, at: end }];
}

/** What a screen reader hears instead of the drawing. */
function describe(markers: readonly Marker[]): string {
  const [first, ...rest] = markers;
  const last = rest.at(-1);
  if (!first) return '';
  if (!last) return `Route sketch, not a road map: pickup at ${first.address}`;
  const stops = rest.slice(0, -1).map((marker) => marker.address);
  const via = stops.length > 0 ? ` via ${stops.join('; ')}` : '';
  return `Route sketch, not a road map: from ${first.address}${via} to ${last.address}`;
}

const COLOURS = { pickup: '#15803d', stop: '#b45309', dropoff: '#b91c1c' } as const;

export function RouteSketch(props: RouteMapProps) {
  const markers = markersOf(props);
  if (markers.length === 0) return null;
  const project = sketchView(
    markers.map((marker) => marker.at),
    SIZE,
  );
  const coast = svgPath(
    GB_OUTLINE.map(([lng, lat]) => project({ lat, lng })),
    true,
  );
  const points = markers.map((marker) => project(marker.at));
  return (
    <Box as="figure" m={0} bg="#dbeafe" borderWidth="1px" borderColor="gray.200" rounded="md">
      <svg
        role="img"
        aria-label={describe(markers)}
        viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
        width="100%"
        height={SIZE.height}
        preserveAspectRatio="xMidYMid slice"
        data-testid="route-sketch"
      >
        <path d={coast} fill="#f7f6ee" stroke="#7c8aa0" strokeWidth={1} />
        {points.length > 1 ? (
          <path
            d={svgPath(points, false)}
            fill="none"
            stroke="#1e3a8a"
            strokeWidth={2.5}
            strokeDasharray="6 4"
            strokeLinecap="round"
          />
        ) : null}
        {markers.map((marker, index) => {
          const point = points[index];
          if (!point) return null;
          return (
            <g key={`${marker.kind}-${index}`} data-marker={marker.kind}>
              <circle cx={point.x} cy={point.y} r={9} fill={COLOURS[marker.kind]} stroke="#fff" />
              <text
                x={point.x}
                y={point.y}
                dy="0.35em"
                textAnchor="middle"
                fontSize={10}
                fontWeight={700}
                fill="#fff"
              >
                {marker.label}
              </text>
            </g>
          );
        })}
      </svg>
      <Text as="figcaption" fontSize="xs" color="gray.700" px={2} lineHeight={`${CAPTION_PX}px`}>
        {SKETCH_CAPTION}
      </Text>
    </Box>
  );
}
