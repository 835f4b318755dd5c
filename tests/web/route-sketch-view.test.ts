import { describe, expect, it } from 'vitest';
import { MIN_SPAN_DEGREES, sketchView, svgPath } from '../../src/web/components/route-sketch-view';

const SIZE = { width: 320, height: 176 };
const HEATHROW = { lat: 51.47, lng: -0.45 };
const GATWICK = { lat: 51.15, lng: -0.18 };
const EDINBURGH = { lat: 55.95, lng: -3.19 };

describe('the route sketch projection', () => {
  it('centres the places and keeps north up and east right', () => {
    const project = sketchView([HEATHROW, GATWICK], SIZE);
    const a = project(HEATHROW);
    const b = project(GATWICK);
    expect((a.x + b.x) / 2).toBeCloseTo(SIZE.width / 2);
    expect((a.y + b.y) / 2).toBeCloseTo(SIZE.height / 2);
    expect(b.x).toBeGreaterThan(a.x);
    expect(b.y).toBeGreaterThan(a.y);
  });

  it('shows a short ride in at least MIN_SPAN_DEGREES of latitude', () => {
    const project = sketchView([HEATHROW, GATWICK], SIZE);
    const top = project({ lat: 51.31 + MIN_SPAN_DEGREES / 2, lng: -0.315 });
    expect(top.y).toBeCloseTo(0);
  });

  it('fits a long ride inside the drawing, a degree of longitude shorter than one of latitude', () => {
    const project = sketchView([HEATHROW, EDINBURGH], SIZE);
    for (const point of [project(HEATHROW), project(EDINBURGH)]) {
      expect(point.x).toBeGreaterThan(0);
      expect(point.x).toBeLessThan(SIZE.width);
      expect(point.y).toBeGreaterThan(0);
      expect(point.y).toBeLessThan(SIZE.height);
    }
    const origin = project({ lat: 53.7, lng: -1.8 });
    const north = project({ lat: 54.7, lng: -1.8 });
    const east = project({ lat: 53.7, lng: -0.8 });
    const degreeNorth = origin.y - north.y;
    const degreeEast = east.x - origin.x;
    expect(degreeEast / degreeNorth).toBeCloseTo(Math.cos((53.71 * Math.PI) / 180), 2);
  });

  it('draws the coast closed and the route open', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10.04, y: 5 },
    ];
    expect(svgPath(points, true)).toBe('M0.0 0.0L10.0 5.0Z');
    expect(svgPath(points, false)).toBe('M0.0 0.0L10.0 5.0');
  });
});
