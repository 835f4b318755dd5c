import { Box, Text } from '@chakra-ui/react';
import type { ZoneWire as Zone } from '../../../../../contract/operator-zones';
import { GB_OUTLINE } from '../../../../components/gb-outline';
import { SKETCH_CAPTION } from '../../../../components/route-sketch';
import { sketchView, svgPath, type SketchSize } from '../../../../components/route-sketch-view';

/** Kilometres in a degree of latitude: the zones' radii drawn to the sketch's scale. */
const KM_PER_DEGREE = 111.2;
const SIZE: SketchSize = { width: 480, height: 300 };

/**
 * The zones on the route sketch's outline of Great Britain (issue 33: "shown on a map or the
 * route sketch"): each a circle of its radius around its centre, airports in another colour,
 * so an operator sees at a glance which zones overlap and what a fixed fare covers.
 */
export function ZonesSketch({ zones }: { zones: readonly Zone[] }) {
  if (zones.length === 0) return null;
  // The view takes in each circle's top and bottom, so no zone is cut at the edge.
  const extents = zones.flatMap((zone) => {
    const span = zone.radius_km / KM_PER_DEGREE;
    return [
      { lat: zone.lat + span, lng: zone.lng },
      { lat: zone.lat - span, lng: zone.lng },
    ];
  });
  const project = sketchView(extents, SIZE);
  const coast = svgPath(
    GB_OUTLINE.map(([lng, lat]) => project({ lat, lng })),
    true,
  );
  const label = `Zones on a sketch of Great Britain: ${zones
    .map((zone) => `${zone.name}, ${zone.radius_km} km${zone.is_airport ? ', airport' : ''}`)
    .join('; ')}`;
  return (
    <Box
      as="figure"
      m={0}
      mb={4}
      bg="#dbeafe"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="md"
    >
      <svg role="img" aria-label={label} viewBox={`0 0 ${SIZE.width} ${SIZE.height}`} width="100%">
        <path d={coast} fill="#f7f6ee" stroke="#7c8aa0" strokeWidth={1} />
        {zones.map((zone) => {
          const centre = project(zone);
          const edge = project({ lat: zone.lat + zone.radius_km / KM_PER_DEGREE, lng: zone.lng });
          const colour = zone.is_airport ? '#b45309' : '#1e3a8a';
          return (
            <g key={zone.id} data-zone={zone.name}>
              <circle
                cx={centre.x}
                cy={centre.y}
                r={Math.max(3, centre.y - edge.y)}
                fill={colour}
                fillOpacity={0.15}
                stroke={colour}
                strokeWidth={1.5}
              />
              <text
                x={centre.x}
                y={centre.y}
                dy="0.35em"
                textAnchor="middle"
                fontSize={11}
                fill="#111827"
              >
                {zone.name}
              </text>
            </g>
          );
        })}
      </svg>
      <Text as="figcaption" fontSize="xs" color="gray.700" px={2} py={1}>
        {SKETCH_CAPTION}. Airports in orange.
      </Text>
    </Box>
  );
}
