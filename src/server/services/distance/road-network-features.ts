import type { GeoPoint } from './plane-geometry';

/**
 * The few features of the British road network that bend a journey far from the straight line,
 * which a circuity factor alone cannot capture: the M25 orbital motorway (fast routes between
 * places around London go round it, not through it) and the estuaries that can only be crossed
 * at a handful of bridges. Coordinates are hand-placed from the published route of each road
 * and are good to a kilometre or two, which is plenty for "does the straight line cross it".
 */

/** Charing Cross, the point from which London road distances are measured. */
export const CENTRAL_LONDON: GeoPoint = { lat: 51.5074, lng: -0.1278 };

/**
 * Roughly the North and South Circular roads: inside this radius traffic crawls (TfL's
 * published average speeds for inner London are around 10–15 mph).
 */
export const INNER_LONDON_RADIUS_KM = 8;

/** The M25 as a closed ring, clockwise from the Dartford Crossing, one vertex per junction. */
// prettier-ignore
export const M25_RING: GeoPoint[] = [
  { lat: 51.4655, lng: 0.259 }, // Dartford Crossing
  { lat: 51.4283, lng: 0.245 }, // J2 A2 Darenth
  { lat: 51.393, lng: 0.195 }, // J3 M20 Swanley
  { lat: 51.34, lng: 0.137 }, // J4 A21 Badgers Mount
  { lat: 51.297, lng: 0.158 }, // J5 M26 Chevening
  { lat: 51.262, lng: -0.055 }, // J6 A22 Godstone
  { lat: 51.269, lng: -0.137 }, // J7 M23 Merstham
  { lat: 51.282, lng: -0.216 }, // J8 A217 Reigate Hill
  { lat: 51.3, lng: -0.325 }, // J9 A243 Leatherhead
  { lat: 51.318, lng: -0.445 }, // J10 A3 Wisley
  { lat: 51.383, lng: -0.52 }, // J11 A317 Chertsey
  { lat: 51.404, lng: -0.539 }, // J12 M3 Thorpe
  { lat: 51.435, lng: -0.533 }, // J13 A30 Staines
  { lat: 51.457, lng: -0.509 }, // J14 A3113 Poyle
  { lat: 51.493, lng: -0.496 }, // J15 M4 Thorney
  { lat: 51.556, lng: -0.489 }, // J16 M40 Denham
  { lat: 51.618, lng: -0.489 }, // J17 Maple Cross
  { lat: 51.65, lng: -0.465 }, // J18 Chorleywood
  { lat: 51.695, lng: -0.425 }, // J20 A41 Hunton Bridge
  { lat: 51.715, lng: -0.378 }, // J21 M1
  { lat: 51.716, lng: -0.298 }, // J22 A1081 London Colney
  { lat: 51.692, lng: -0.218 }, // J23 A1(M) South Mimms
  { lat: 51.687, lng: -0.158 }, // J24 Potters Bar
  { lat: 51.684, lng: -0.038 }, // J25 A10 Waltham Cross
  { lat: 51.678, lng: 0.01 }, // J26 Waltham Abbey
  { lat: 51.665, lng: 0.107 }, // J27 M11
  { lat: 51.615, lng: 0.244 }, // J28 A12 Brentwood
  { lat: 51.57, lng: 0.27 }, // J29 A127
  { lat: 51.496, lng: 0.27 }, // J30 A13 Thurrock
];

/**
 * A water body a road can cross only at the listed crossings (bridges, tunnels, its head). A
 * crossing is the path a driver is funnelled along, from the junction that feeds it on one bank
 * to the junction on the other: a motorway bridge is reached only through its motorway.
 */
export interface Estuary {
  name: string;
  /** The estuary's line from its landward end to the sea. */
  line: GeoPoint[];
  crossings: { name: string; via: GeoPoint[] }[];
}

// prettier-ignore
export const ESTUARIES: Estuary[] = [
  {
    name: 'Severn',
    line: [
      { lat: 51.864, lng: -2.255 }, { lat: 51.8, lng: -2.36 }, { lat: 51.74, lng: -2.44 },
      { lat: 51.7, lng: -2.52 }, { lat: 51.64, lng: -2.6 }, { lat: 51.6095, lng: -2.64 },
      { lat: 51.59, lng: -2.67 }, { lat: 51.5745, lng: -2.699 }, { lat: 51.545, lng: -2.76 },
      { lat: 51.49, lng: -2.92 }, { lat: 51.45, lng: -3.05 }, { lat: 51.4, lng: -3.15 },
      { lat: 51.33, lng: -3.35 }, { lat: 51.3, lng: -3.6 }, { lat: 51.28, lng: -4.0 },
      { lat: 51.25, lng: -4.5 },
    ],
    crossings: [
      { name: 'Gloucester', via: [{ lat: 51.864, lng: -2.255 }] },
      {
        // M48 junction 1 (Aust) to junction 2 (Chepstow).
        name: 'Severn Bridge (M48)',
        via: [{ lat: 51.598, lng: -2.619 }, { lat: 51.633, lng: -2.675 }],
      },
      {
        // M4 junction 20 (Almondsbury, where the M5 and M32 traffic joins) to junction 23a.
        name: 'Prince of Wales Bridge (M4)',
        via: [{ lat: 51.548, lng: -2.565 }, { lat: 51.585, lng: -2.815 }],
      },
    ],
  },
  {
    name: 'Thames estuary',
    line: [
      { lat: 51.4655, lng: 0.259 }, { lat: 51.455, lng: 0.33 }, { lat: 51.447, lng: 0.37 },
      { lat: 51.46, lng: 0.45 }, { lat: 51.48, lng: 0.52 }, { lat: 51.495, lng: 0.58 },
      { lat: 51.505, lng: 0.7 }, { lat: 51.5, lng: 0.9 }, { lat: 51.48, lng: 1.1 },
    ],
    crossings: [{ name: 'Dartford Crossing', via: [{ lat: 51.4655, lng: 0.259 }] }],
  },
  {
    name: 'Humber',
    line: [
      { lat: 53.705, lng: -0.87 }, { lat: 53.7, lng: -0.7 }, { lat: 53.715, lng: -0.55 },
      { lat: 53.7064, lng: -0.4503 }, { lat: 53.728, lng: -0.33 }, { lat: 53.7, lng: -0.2 },
      { lat: 53.64, lng: -0.08 }, { lat: 53.58, lng: 0.05 }, { lat: 53.55, lng: 0.15 },
    ],
    crossings: [
      { name: 'M62 Ouse bridge, Goole', via: [{ lat: 53.705, lng: -0.87 }] },
      {
        name: 'Humber Bridge',
        via: [{ lat: 53.717, lng: -0.449 }, { lat: 53.696, lng: -0.452 }],
      },
    ],
  },
  {
    name: 'Firth of Forth',
    line: [
      { lat: 56.0575, lng: -3.727 }, { lat: 56.035, lng: -3.62 }, { lat: 56.02, lng: -3.5 },
      { lat: 56.001, lng: -3.409 }, { lat: 56.015, lng: -3.3 }, { lat: 56.025, lng: -3.2 },
      { lat: 56.03, lng: -3.1 }, { lat: 56.04, lng: -3.0 }, { lat: 56.06, lng: -2.85 },
      { lat: 56.08, lng: -2.7 }, { lat: 56.1, lng: -2.5 },
    ],
    crossings: [
      { name: 'Kincardine Bridge', via: [{ lat: 56.0575, lng: -3.727 }] },
      {
        name: 'Queensferry Crossing',
        via: [{ lat: 55.99, lng: -3.4 }, { lat: 56.013, lng: -3.414 }],
      },
    ],
  },
];
