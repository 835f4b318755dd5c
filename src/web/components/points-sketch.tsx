import { Box, Text } from '@chakra-ui/react';
import { GB_OUTLINE } from './gb-outline';
import {
  POINT_COLOURS,
  POINTS_MAP_HEIGHT_PX,
  type MapPoint,
  type PointsMapProps,
} from './points-map-props';
import { SKETCH_CAPTION } from './route-sketch';
import { sketchView, svgPath, type SketchSize } from './route-sketch-view';

const CAPTION_PX = 24;
const WIDTH = 480;

function PointMark({
  point,
  at,
  named,
}: {
  point: MapPoint;
  at: { x: number; y: number };
  named: boolean;
}) {
  return (
    <g data-point={point.id} data-kind={point.kind}>
      <circle cx={at.x} cy={at.y} r={11} fill={POINT_COLOURS[point.kind]} stroke="#fff" />
      <text
        x={at.x}
        y={at.y}
        dy="0.35em"
        textAnchor="middle"
        fontSize={point.short.length > 2 ? 8 : 10}
        fontWeight={700}
        fill="#fff"
      >
        {point.short}
      </text>
      {named ? (
        <text
          x={at.x + 14}
          y={at.y}
          dy="0.35em"
          fontSize={11}
          fill="#111827"
          stroke="#f7f6ee"
          strokeWidth={3}
          paintOrder="stroke"
        >
          {point.label}
        </text>
      ) : null}
    </g>
  );
}

/**
 * The points without Google (no GOOGLE_API_KEY, or offline): each where it is on the route
 * sketch's rough outline of Great Britain, a trail as a line, and in words for a screen reader
 * (`description`). Said to be a sketch, so no one takes it for a road map. Loaded on demand by
 * points-map.tsx.
 */
export function PointsSketch({
  points,
  path = [],
  description,
  height = POINTS_MAP_HEIGHT_PX,
  minSpanDegrees,
  namePoints = false,
}: PointsMapProps) {
  const places = [...points, ...path];
  if (places.length === 0) return null;
  const size: SketchSize = { width: WIDTH, height: height - CAPTION_PX };
  const project = sketchView(places, size, minSpanDegrees);
  const coast = svgPath(
    GB_OUTLINE.map(([lng, lat]) => project({ lat, lng })),
    true,
  );
  return (
    <Box as="figure" m={0} bg="#dbeafe" borderWidth="1px" borderColor="gray.200" rounded="md">
      <svg
        role="img"
        aria-label={description}
        viewBox={`0 0 ${size.width} ${size.height}`}
        width="100%"
        height={size.height}
        preserveAspectRatio="xMidYMid slice"
        data-testid="points-sketch"
      >
        <path d={coast} fill="#f7f6ee" stroke="#7c8aa0" strokeWidth={1} />
        {path.length > 1 ? (
          <path
            d={svgPath(path.map(project), false)}
            fill="none"
            stroke="#1e3a8a"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
            data-testid="points-sketch-path"
          />
        ) : null}
        {points.map((point) => (
          <PointMark key={point.id} point={point} at={project(point)} named={namePoints} />
        ))}
      </svg>
      <Text as="figcaption" fontSize="xs" color="gray.700" px={2} lineHeight={`${CAPTION_PX}px`}>
        {SKETCH_CAPTION}
      </Text>
    </Box>
  );
}
